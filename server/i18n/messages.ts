import type { ErrorCode } from '#contract/errors.ts'
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from '#contract/schemas/auth.ts'
import { MAX_NUMBERED_PAGE, MAX_PAGE } from '#contract/schemas/bounds.ts'
import { CHAT_TEXT_MAX, REPORT_TEXT_MAX } from '#contract/schemas/chats.ts'
import { CALENDAR_RANGE_DAYS_MAX, FILES_PER_ITEM_MAX, TITLE_MAX } from '#contract/schemas/specialists.ts'
import { SEARCH_MAX, SERVICE_NAME_MAX } from '#contract/schemas/catalogue.ts'
import {
  FREE_MEDIA_BYTES,
  FREE_SPECIALITIES_MAX,
  PROMOTION_DAYS_MAX,
} from '#contract/schemas/plan-features.ts'
import {
  ADDRESS_MAX,
  AREA_MAX,
  ORDER_NAME_MAX,
  ORDER_SERVICES_MAX,
  TEXT_MAX,
} from '#contract/schemas/orders.ts'
import type { MessageParam, Period } from '#server/lib/app-error.ts'
import type { Locale } from './locale.ts'

type Translations = Record<Locale, string>

/**
 * Every message the server writes, in the four languages. `{n}` is replaced by a number (seconds, limits).
 * NOTE: a key missing here fails a test (tests/server/messages.test.ts), so a new error code cannot ship untranslated.
 */
export const messages: Record<ErrorCode, Translations> = {
  wrong_sms_code: {
    ru: 'Неверный код из SMS, попробуйте ещё раз',
    oz: "SMS kodi noto'g'ri, qaytadan urinib ko'ring",
    uz: 'SMS коди нотўғри, қайтадан уриниб кўринг',
    en: 'Wrong SMS code, try again',
  },
  user_with_this_number: {
    ru: 'Пользователь с таким номером уже существует',
    oz: 'Bu raqamli foydalanuvchi allaqachon mavjud',
    uz: 'Бу рақамли фойдаланувчи аллақачон мавжуд',
    en: 'A user with this number already exists',
  },
  user_not_reg: {
    ru: 'Пользователь не зарегистрирован',
    oz: "Foydalanuvchi ro'yxatdan o'tmagan",
    uz: 'Фойдаланувчи рўйхатдан ўтмаган',
    en: 'User is not registered',
  },
  phone_number_required: {
    ru: 'Укажите номер телефона',
    oz: 'Telefon raqamini kiriting',
    uz: 'Телефон рақамини киритинг',
    en: 'Enter your phone number',
  },
  correct_pnone_number: {
    ru: 'Введите правильный номер телефона: +998 и 9 цифр',
    oz: "To'g'ri telefon raqamini kiriting: +998 va 9 ta raqam",
    uz: 'Тўғри телефон рақамини киритинг: +998 ва 9 та рақам',
    en: 'Enter a valid phone number: +998 and 9 digits',
  },
  password_required: {
    ru: 'Введите пароль',
    oz: 'Parolni kiriting',
    uz: 'Паролни киритинг',
    en: 'Enter your password',
  },
  type_required: {
    ru: 'Выберите: заказчик или исполнитель',
    oz: 'Tanlang: buyurtmachi yoki ijrochi',
    uz: 'Танланг: буюртмачи ёки ижрочи',
    en: 'Choose customer or executor',
  },
  specify_password: {
    ru: 'Укажите пароль',
    oz: 'Parolni kiriting',
    uz: 'Паролни киритинг',
    en: 'Specify a password',
  },
  password_least: {
    ru: 'Пароль должен содержать не менее {n} символов',
    oz: "Parol kamida {n} ta belgidan iborat bo'lishi kerak",
    uz: 'Парол камида {n} та белгидан иборат бўлиши керак',
    en: 'The password must be at least {n} characters long',
  },
  specify_sms_code: {
    ru: 'Введите код из SMS',
    oz: 'SMS kodini kiriting',
    uz: 'SMS кодини киритинг',
    en: 'Enter the SMS code',
  },
  sms_code_least_min: {
    ru: 'Код должен состоять из {n} цифр',
    oz: "Kod {n} ta raqamdan iborat bo'lishi kerak",
    uz: 'Код {n} та рақамдан иборат бўлиши керак',
    en: 'The code must have {n} digits',
  },
  sms_code_least_max: {
    ru: 'Код должен состоять из {n} цифр',
    oz: "Kod {n} ta raqamdan iborat bo'lishi kerak",
    uz: 'Код {n} та рақамдан иборат бўлиши керак',
    en: 'The code must have {n} digits',
  },
  confirm_password: {
    ru: 'Подтвердите пароль',
    oz: 'Parolni tasdiqlang',
    uz: 'Паролни тасдиқланг',
    en: 'Confirm the password',
  },
  confirm_sameAsPassword: {
    ru: 'Пароли не совпадают',
    oz: 'Parollar mos kelmadi',
    uz: 'Пароллар мос келмади',
    en: 'The passwords do not match',
  },
  specify_type_user: {
    ru: 'Укажите тип пользователя',
    oz: 'Foydalanuvchi turini tanlang',
    uz: 'Фойдаланувчи турини танланг',
    en: 'Specify the user type',
  },
  name_required: {
    ru: 'Введите имя',
    oz: 'Ismingizni kiriting',
    uz: 'Исмингизни киритинг',
    en: 'Enter your first name',
  },
  name_max: {
    ru: 'Имя не длиннее {n} символов',
    oz: 'Ism {n} ta belgidan oshmasligi kerak',
    uz: 'Исм {n} та белгидан ошмаслиги керак',
    en: 'The first name must be at most {n} characters',
  },
  surname_required: {
    ru: 'Введите фамилию',
    oz: 'Familiyangizni kiriting',
    uz: 'Фамилиянгизни киритинг',
    en: 'Enter your surname',
  },
  surname_max: {
    ru: 'Фамилия не длиннее {n} символов',
    oz: 'Familiya {n} ta belgidan oshmasligi kerak',
    uz: 'Фамилия {n} та белгидан ошмаслиги керак',
    en: 'The surname must be at most {n} characters',
  },
  patronymic_max: {
    ru: 'Отчество не длиннее {n} символов',
    oz: 'Otasining ismi {n} ta belgidan oshmasligi kerak',
    uz: 'Отасининг исми {n} та белгидан ошмаслиги керак',
    en: 'The patronymic must be at most {n} characters',
  },
  email_invalid: {
    ru: 'Введите правильный адрес электронной почты',
    oz: "To'g'ri elektron pochta manzilini kiriting",
    uz: 'Тўғри электрон почта манзилини киритинг',
    en: 'Enter a valid e-mail address',
  },
  password_max: {
    ru: 'Пароль не длиннее {n} символов',
    oz: 'Parol {n} ta belgidan oshmasligi kerak',
    uz: 'Парол {n} та белгидан ошмаслиги керак',
    en: 'The password must be at most {n} characters',
  },
  password_letters_digits: {
    ru: 'Пароль должен содержать буквы и цифры',
    oz: "Parolda harflar va raqamlar bo'lishi kerak",
    uz: 'Паролда ҳарфлар ва рақамлар бўлиши керак',
    en: 'The password must contain letters and digits',
  },
  password_too_common: {
    ru: 'Этот пароль слишком распространён, придумайте другой',
    oz: "Bu parol juda keng tarqalgan, boshqasini o'ylab toping",
    uz: 'Бу парол жуда кенг тарқалган, бошқасини ўйлаб топинг',
    en: 'This password is too common, choose another one',
  },
  sms_type_invalid: {
    ru: 'Неизвестное назначение кода',
    oz: "Kodning maqsadi noma'lum",
    uz: 'Коднинг мақсади номаълум',
    en: 'Unknown code purpose',
  },
  required_id_required: {
    ru: 'Сначала запросите код по SMS',
    oz: "Avval SMS orqali kod so'rang",
    uz: 'Аввал SMS орқали код сўранг',
    en: 'Request an SMS code first',
  },
  sms_not_verified: {
    ru: 'Номер телефона не подтверждён кодом из SMS',
    oz: 'Telefon raqami SMS kodi bilan tasdiqlanmagan',
    uz: 'Телефон рақами SMS коди билан тасдиқланмаган',
    en: 'The phone number has not been confirmed with an SMS code',
  },
  sms_code_expired: {
    ru: 'Срок действия кода истёк, запросите новый',
    oz: "Kodning amal qilish muddati tugadi, yangisini so'rang",
    uz: 'Коднинг амал қилиш муддати тугади, янгисини сўранг',
    en: 'The code has expired, request a new one',
  },
  sms_code_attempts_exceeded: {
    ru: 'Слишком много неверных попыток для этого кода, запросите новый',
    oz: "Bu kod uchun noto'g'ri urinishlar juda ko'p, yangisini so'rang",
    uz: 'Бу код учун нотўғри уринишлар жуда кўп, янгисини сўранг',
    en: 'Too many wrong tries for this code, request a new one',
  },
  sms_attempts_exhausted: {
    ru: 'Слишком много неверных кодов для этого номера. Повторите через {n} с',
    oz: "Bu raqam uchun noto'g'ri kodlar juda ko'p. {n} soniyadan keyin urinib ko'ring",
    uz: 'Бу рақам учун нотўғри кодлар жуда кўп. {n} сониядан кейин уриниб кўринг',
    en: 'Too many wrong codes for this number. Try again in {n} s',
  },
  sms_resend_too_soon: {
    ru: 'Новый код можно запросить через {n} с',
    oz: "Yangi kodni {n} soniyadan keyin so'rash mumkin",
    uz: 'Янги кодни {n} сониядан кейин сўраш мумкин',
    en: 'You can request a new code in {n} s',
  },
  sms_limit_phone: {
    ru: 'Слишком много кодов для этого номера. Повторите через {n} с',
    oz: "Bu raqamga juda ko'p kod yuborildi. {n} soniyadan keyin urinib ko'ring",
    uz: 'Бу рақамга жуда кўп код юборилди. {n} сониядан кейин уриниб кўринг',
    en: 'Too many codes for this number. Try again in {n} s',
  },
  sms_limit_ip: {
    ru: 'Слишком много запросов кодов с вашего устройства. Повторите через {n} с',
    oz: "Qurilmangizdan juda ko'p kod so'raldi. {n} soniyadan keyin urinib ko'ring",
    uz: 'Қурилмангиздан жуда кўп код сўралди. {n} сониядан кейин уриниб кўринг',
    en: 'Too many code requests from your device. Try again in {n} s',
  },
  sms_send_failed: {
    ru: 'Не удалось отправить SMS, попробуйте позже',
    oz: "SMS yuborib bo'lmadi, keyinroq urinib ko'ring",
    uz: 'SMS юбориб бўлмади, кейинроқ уриниб кўринг',
    en: 'The SMS could not be sent, try again later',
  },
  wrong_credentials: {
    ru: 'Неверный номер телефона или пароль',
    oz: "Telefon raqami yoki parol noto'g'ri",
    uz: 'Телефон рақами ёки парол нотўғри',
    en: 'Wrong phone number or password',
  },
  too_many_login_attempts: {
    ru: 'Слишком много неудачных попыток входа. Повторите через {n} с',
    oz: "Kirishga muvaffaqiyatsiz urinishlar juda ko'p. {n} soniyadan keyin urinib ko'ring",
    uz: 'Киришга муваффақиятсиз уринишлар жуда кўп. {n} сониядан кейин уриниб кўринг',
    en: 'Too many failed logins. Try again in {n} s',
  },
  unauthorized: {
    ru: 'Войдите, чтобы продолжить',
    oz: 'Davom etish uchun tizimga kiring',
    uz: 'Давом этиш учун тизимга киринг',
    en: 'Log in to continue',
  },
  token_expired: {
    ru: 'Сессия истекла, войдите снова',
    oz: 'Seans muddati tugadi, qaytadan kiring',
    uz: 'Сеанс муддати тугади, қайтадан киринг',
    en: 'Your session has expired, log in again',
  },
  refresh_invalid: {
    ru: 'Сессия завершена, войдите снова',
    oz: 'Seans yakunlandi, qaytadan kiring',
    uz: 'Сеанс якунланди, қайтадан киринг',
    en: 'Your session has ended, log in again',
  },
  refresh_reused: {
    ru: 'Сессия завершена из соображений безопасности, войдите снова',
    oz: 'Xavfsizlik uchun seans yakunlandi, qaytadan kiring',
    uz: 'Хавфсизлик учун сеанс якунланди, қайтадан киринг',
    en: 'Your session was ended for safety, log in again',
  },
  forbidden: {
    ru: 'Временно нет доступа',
    oz: "Vaqtincha ruxsat yo'q",
    uz: 'Вақтинча рухсат йўқ',
    en: 'Temporarily no access',
  },
  not_found: {
    ru: 'Ничего не найдено',
    oz: 'Hech narsa topilmadi',
    uz: 'Ҳеч нарса топилмади',
    en: 'Nothing found',
  },
  too_many_requests: {
    ru: 'Слишком много запросов. Повторите через {n} с',
    oz: "So'rovlar juda ko'p. {n} soniyadan keyin urinib ko'ring",
    uz: 'Сўровлар жуда кўп. {n} сониядан кейин уриниб кўринг',
    en: 'Too many requests. Try again in {n} s',
  },
  invalid_request: {
    ru: 'Проверьте введённые данные',
    oz: "Kiritilgan ma'lumotlarni tekshiring",
    uz: 'Киритилган маълумотларни текширинг',
    en: 'Check the data you entered',
  },
  service_name_required: {
    ru: 'Укажите название услуги',
    oz: 'Xizmat nomini kiriting',
    uz: 'Хизмат номини киритинг',
    en: 'Enter the name of the service',
  },
  service_name_max: {
    ru: 'Название услуги не длиннее {n} символов',
    oz: 'Xizmat nomi {n} ta belgidan oshmasligi kerak',
    uz: 'Хизмат номи {n} та белгидан ошмаслиги керак',
    en: 'The service name must be at most {n} characters',
  },
  category_required: {
    ru: 'Выберите категорию',
    oz: 'Kategoriyani tanlang',
    uz: 'Категорияни танланг',
    en: 'Choose a category',
  },
  category_not_found: {
    ru: 'Такой категории нет',
    oz: "Bunday kategoriya yo'q",
    uz: 'Бундай категория йўқ',
    en: 'There is no such category',
  },
  parent_not_in_category: {
    ru: 'Родительская услуга не относится к этой категории',
    oz: 'Asosiy xizmat bu kategoriyaga tegishli emas',
    uz: 'Асосий хизмат бу категорияга тегишли эмас',
    en: 'The parent service does not belong to this category',
  },
  services_required: {
    ru: 'Выберите хотя бы одну услугу',
    oz: 'Kamida bitta xizmatni tanlang',
    uz: 'Камида битта хизматни танланг',
    en: 'Choose at least one service',
  },
  order_name_required: {
    ru: 'Назовите заказ: не короче 3 символов',
    oz: 'Buyurtmani nomlang: kamida 3 ta belgi',
    uz: 'Буюртмани номланг: камида 3 та белги',
    en: 'Name the order: at least 3 characters',
  },
  work_place_required: {
    ru: 'Выберите место работы: у заказчика, у исполнителя или онлайн',
    oz: 'Ish joyini tanlang: buyurtmachida, ijrochida yoki onlayn',
    uz: 'Иш жойини танланг: буюртмачида, ижрочида ёки онлайн',
    en: 'Choose where the work happens: at the customer, at the executor or online',
  },
  start_in_past: {
    ru: 'Время начала должно быть позже текущего',
    oz: "Boshlanish vaqti hozirgidan keyin bo'lishi kerak",
    uz: 'Бошланиш вақти ҳозиргидан кейин бўлиши керак',
    en: 'The start must be later than now',
  },
  end_before_start: {
    ru: 'Время окончания должно быть позже начала',
    oz: "Tugash vaqti boshlanishdan keyin bo'lishi kerak",
    uz: 'Тугаш вақти бошланишдан кейин бўлиши керак',
    en: 'The end must be later than the start',
  },
  price_max_below_min: {
    ru: 'Максимальная цена должна быть больше минимальной',
    oz: "Eng yuqori narx eng pastidan katta bo'lishi kerak",
    uz: 'Энг юқори нарх энг пастидан катта бўлиши керак',
    en: 'The maximum price must be above the minimum',
  },
  reply_too_short: {
    ru: 'Сообщение отклика — не короче 5 символов',
    oz: "Javob xabari kamida 5 ta belgidan iborat bo'lsin",
    uz: 'Жавоб хабари камида 5 та белгидан иборат бўлсин',
    en: 'The reply must be at least 5 characters',
  },
  review_too_short: {
    ru: 'Отзыв — не короче 10 символов',
    oz: "Sharh kamida 10 ta belgidan iborat bo'lsin",
    uz: 'Шарҳ камида 10 та белгидан иборат бўлсин',
    en: 'The review must be at least 10 characters',
  },
  rating_required: {
    ru: 'Поставьте оценку от 1 до 5',
    oz: "1 dan 5 gacha baho qo'ying",
    uz: '1 дан 5 гача баҳо қўйинг',
    en: 'Give a rating from 1 to 5',
  },
  only_customers_order: {
    ru: 'Заказывать могут только заказчики',
    oz: 'Faqat buyurtmachilar buyurtma bera oladi',
    uz: 'Фақат буюртмачилар буюртма бера олади',
    en: 'Only customers can order',
  },
  cannot_order_from_yourself: {
    ru: 'Нельзя заказывать у самого себя',
    oz: "O'zingizdan buyurtma berib bo'lmaydi",
    uz: 'Ўзингиздан буюртма бериб бўлмайди',
    en: 'You cannot order from yourself',
  },
  order_wrong_status: {
    ru: 'Не удалось изменить статус, попробуйте ещё раз',
    oz: "Holatni o'zgartirib bo'lmadi, qaytadan urinib ko'ring",
    uz: 'Ҳолатни ўзгартириб бўлмади, қайтадан уриниб кўринг',
    en: 'Status change failed, try again',
  },
  already_replied: {
    ru: 'Вы уже откликнулись на этот заказ',
    oz: 'Siz bu buyurtmaga allaqachon javob bergansiz',
    uz: 'Сиз бу буюртмага аллақачон жавоб бергансиз',
    en: 'You have already replied to this order',
  },
  executor_did_not_reply: {
    ru: 'Этот исполнитель не откликался на заказ',
    oz: 'Bu ijrochi buyurtmaga javob bermagan',
    uz: 'Бу ижрочи буюртмага жавоб бермаган',
    en: 'This executor did not reply to the order',
  },
  already_reviewed: {
    ru: 'Отзыв на этот заказ уже оставлен',
    oz: 'Bu buyurtmaga sharh allaqachon qoldirilgan',
    uz: 'Бу буюртмага шарҳ аллақачон қолдирилган',
    en: 'This order has already been reviewed',
  },
  file_invalid: {
    ru: 'Файл слишком большой или неверного формата',
    oz: "Fayl juda katta yoki formati noto'g'ri",
    uz: 'Файл жуда катта ёки формати нотўғри',
    en: 'The file is too large or of a wrong format',
  },
  error_occurred: {
    ru: 'Произошла ошибка',
    oz: 'Xatolik yuz berdi',
    uz: 'Хатолик юз берди',
    en: 'An error occurred',
  },
  executor_not_found: {
    ru: 'Этот специалист не найден или не принимает заказы',
    oz: 'Bu mutaxassis topilmadi yoki buyurtma qabul qilmaydi',
    uz: 'Бу мутахассис топилмади ёки буюртма қабул қилмайди',
    en: 'This specialist was not found or does not accept orders',
  },
  service_not_offered: {
    ru: 'Этот специалист не оказывает выбранную услугу: выберите одну из его услуг',
    oz: "Bu mutaxassis tanlangan xizmatni ko'rsatmaydi: uning xizmatlaridan birini tanlang",
    uz: 'Бу мутахассис танланган хизматни кўрсатмайди: унинг хизматларидан бирини танланг',
    en: 'This specialist does not provide the chosen service: choose one of their services',
  },
  open_orders_limit: {
    ru: 'Одновременно можно держать не больше {n} активных заказов: завершите, отмените или удалите один из них, чтобы разместить новый',
    oz: "Bir vaqtning o'zida {n} tadan ortiq faol buyurtma bo'lishi mumkin emas: yangisini joylashtirish uchun ulardan birini yakunlang, bekor qiling yoki o'chiring",
    uz: 'Бир вақтнинг ўзида {n} тадан ортиқ фаол буюртма бўлиши мумкин эмас: янгисини жойлаштириш учун улардан бирини якунланг, бекор қилинг ёки ўчиринг',
    en: 'You can have at most {n} active orders at a time: complete, cancel or delete one of them to post a new one',
  },
  id_invalid: {
    ru: 'Такой записи нет: неверный номер',
    oz: "Bunday yozuv yo'q: raqam noto'g'ri",
    uz: 'Бундай ёзув йўқ: рақам нотўғри',
    en: 'No such record: the number is not valid',
  },
  page_invalid: {
    ru: 'Номер страницы должен быть от 1 до {n}',
    oz: "Sahifa raqami 1 dan {n} gacha bo'lishi kerak",
    uz: 'Саҳифа рақами 1 дан {n} гача бўлиши керак',
    en: 'The page number must be from 1 to {n}',
  },
  page_needs_cursor: {
    ru: 'По номеру открываются первые {n} страниц; дальше список листается курсором (meta.next_cursor)',
    oz: "Raqam bo'yicha dastlabki {n} ta sahifa ochiladi; keyingilari kursor bilan (meta.next_cursor) varaqlanadi",
    uz: 'Рақам бўйича дастлабки {n} та саҳифа очилади; кейингилари курсор билан (meta.next_cursor) варақланади',
    en: 'Pages by number go up to {n}; further pages follow the cursor (meta.next_cursor)',
  },
  per_page_invalid: {
    ru: 'Неверное число записей на странице',
    oz: "Sahifadagi yozuvlar soni noto'g'ri",
    uz: 'Саҳифадаги ёзувлар сони нотўғри',
    en: 'The number of items per page is not valid',
  },
  price_invalid: {
    ru: 'Укажите цену целым числом от 0 до 10 000 000 000 сум',
    oz: "Narxni 0 dan 10 000 000 000 so'mgacha butun son bilan kiriting",
    uz: 'Нархни 0 дан 10 000 000 000 сўмгача бутун сон билан киритинг',
    en: "Enter the price as a whole number from 0 to 10 000 000 000 so'm",
  },
  date_invalid: {
    ru: 'Неверная дата или время',
    oz: "Sana yoki vaqt noto'g'ri",
    uz: 'Сана ёки вақт нотўғри',
    en: 'The date or time is not valid',
  },
  coordinates_invalid: {
    ru: 'Неверная точка на карте',
    oz: "Xaritadagi nuqta noto'g'ri",
    uz: 'Харитадаги нуқта нотўғри',
    en: 'The point on the map is not valid',
  },
  bbox_invalid: {
    ru: 'Неверная область карты',
    oz: "Xarita hududi noto'g'ri",
    uz: 'Харита ҳудуди нотўғри',
    en: 'The map area is not valid',
  },
  order_name_max: {
    ru: 'Название заказа не длиннее {n} символов',
    oz: 'Buyurtma nomi {n} ta belgidan oshmasligi kerak',
    uz: 'Буюртма номи {n} та белгидан ошмаслиги керак',
    en: 'The order title must be at most {n} characters',
  },
  address_max: {
    ru: 'Адрес не длиннее {n} символов',
    oz: 'Manzil {n} ta belgidan oshmasligi kerak',
    uz: 'Манзил {n} та белгидан ошмаслиги керак',
    en: 'The address must be at most {n} characters',
  },
  area_max: {
    ru: 'Район и город не длиннее {n} символов',
    oz: 'Tuman va shahar {n} ta belgidan oshmasligi kerak',
    uz: 'Туман ва шаҳар {n} та белгидан ошмаслиги керак',
    en: 'The district and city must be at most {n} characters',
  },
  text_max: {
    ru: 'Текст не длиннее {n} символов',
    oz: 'Matn {n} ta belgidan oshmasligi kerak',
    uz: 'Матн {n} та белгидан ошмаслиги керак',
    en: 'The text must be at most {n} characters',
  },
  services_too_many: {
    ru: 'Выберите не больше {n} услуг',
    oz: "Ko'pi bilan {n} ta xizmat tanlang",
    uz: 'Кўпи билан {n} та хизмат танланг',
    en: 'Choose at most {n} services',
  },
  search_too_long: {
    ru: 'Поисковый запрос не длиннее {n} символов',
    oz: "Qidiruv so'rovi {n} ta belgidan oshmasligi kerak",
    uz: 'Қидирув сўрови {n} та белгидан ошмаслиги керак',
    en: 'The search must be at most {n} characters',
  },
  malformed_json: {
    ru: 'Не удалось прочитать запрос: неверный JSON',
    oz: "So'rovni o'qib bo'lmadi: JSON noto'g'ri",
    uz: 'Сўровни ўқиб бўлмади: JSON нотўғри',
    en: 'The request could not be read: the JSON is not valid',
  },
  multipart_invalid: {
    ru: 'Не удалось прочитать отправленные данные, отправьте их ещё раз',
    oz: "Yuborilgan ma'lumotlarni o'qib bo'lmadi, qaytadan yuboring",
    uz: 'Юборилган маълумотларни ўқиб бўлмади, қайтадан юборинг',
    en: 'The data sent could not be read, send it again',
  },
  unsupported_media_type: {
    ru: 'Этот формат данных не поддерживается',
    oz: "Bu ma'lumot formati qo'llab-quvvatlanmaydi",
    uz: 'Бу маълумот формати қўллаб-қувватланмайди',
    en: 'This data format is not supported',
  },
  request_too_large: {
    ru: 'Запрос слишком большой',
    oz: "So'rov juda katta",
    uz: 'Сўров жуда катта',
    en: 'The request is too large',
  },
  headers_too_large: {
    ru: 'Заголовки запроса слишком большие',
    oz: "So'rov sarlavhalari juda katta",
    uz: 'Сўров сарлавҳалари жуда катта',
    en: 'The request headers are too large',
  },
  url_too_long: {
    ru: 'Адрес запроса слишком длинный',
    oz: "So'rov manzili juda uzun",
    uz: 'Сўров манзили жуда узун',
    en: 'The request address is too long',
  },
  text_too_long: {
    ru: 'Текст слишком длинный',
    oz: 'Matn juda uzun',
    uz: 'Матн жуда узун',
    en: 'The text is too long',
  },
  title_required: {
    ru: 'Укажите название',
    oz: 'Nomini kiriting',
    uz: 'Номини киритинг',
    en: 'Enter a title',
  },
  title_max: {
    ru: 'Название не длиннее {n} символов',
    oz: 'Nomi {n} ta belgidan oshmasligi kerak',
    uz: 'Номи {n} та белгидан ошмаслиги керак',
    en: 'The title must be at most {n} characters',
  },
  discount_invalid: {
    ru: 'Скидка — целое число от 0 до 100',
    oz: "Chegirma 0 dan 100 gacha butun son bo'lishi kerak",
    uz: 'Чегирма 0 дан 100 гача бутун сон бўлиши керак',
    en: 'The discount is a whole number from 0 to 100',
  },
  calendar_overlap: {
    ru: 'Событие пересекается с другими событиями: {dates}',
    oz: "Tadbir boshqa tadbirlar bilan to'qnashadi: {dates}",
    uz: 'Тадбир бошқа тадбирлар билан тўқнашади: {dates}',
    en: 'The event overlaps existing events on {dates}',
  },
  current_password_wrong: {
    ru: 'Текущий пароль неверный',
    oz: "Joriy parol noto'g'ri",
    uz: 'Жорий парол нотўғри',
    en: 'The current password is wrong',
  },
  category_required_first: {
    ru: 'Сначала выберите категорию',
    oz: 'Avval kategoriyani tanlang',
    uz: 'Аввал категорияни танланг',
    en: 'Choose a category first',
  },
  speciality_service_not_in_category: {
    ru: 'Эта услуга не из выбранной категории',
    oz: 'Bu xizmat tanlangan kategoriyadan emas',
    uz: 'Бу хизмат танланган категориядан эмас',
    en: 'This service is not in the chosen category',
  },
  too_many_items: {
    ru: 'Достигнут предел: удалите что-нибудь, чтобы добавить новое',
    oz: "Chegaraga yetildi: yangisini qo'shish uchun birortasini o'chiring",
    uz: 'Чегарага етилди: янгисини қўшиш учун бирортасини ўчиринг',
    en: 'The limit is reached: delete one to add another',
  },
  too_many_files: {
    ru: 'Не больше {n} файлов',
    oz: "{n} tadan ortiq fayl bo'lmasin",
    uz: '{n} тадан ортиқ файл бўлмасин',
    en: 'At most {n} files',
  },
  reorder_ids_invalid: {
    ru: 'Список изменился, обновите страницу',
    oz: "Ro'yxat o'zgardi, sahifani yangilang",
    uz: 'Рўйхат ўзгарди, саҳифани янгиланг',
    en: 'The list has changed, reload the page',
  },
  calendar_range_invalid: {
    ru: 'Выберите период от 1 до {n} дней',
    oz: "1 kundan {n} kungacha bo'lgan davrni tanlang",
    uz: '1 кундан {n} кунгача бўлган даврни танланг',
    en: 'Choose a period of 1 to {n} days',
  },
  district_invalid: {
    ru: 'Выберите район из списка',
    oz: "Ro'yxatdan tumanni tanlang",
    uz: 'Рўйхатдан туманни танланг',
    en: 'Choose a district from the list',
  },
  push_subscription_invalid: {
    ru: 'Браузер прислал неверную подписку на уведомления, попробуйте включить их ещё раз',
    oz: "Brauzer bildirishnomalar obunasini noto'g'ri yubordi, ularni qaytadan yoqib ko'ring",
    uz: 'Браузер билдиришномалар обунасини нотўғри юборди, уларни қайтадан ёқиб кўринг',
    en: 'The browser sent an invalid notification subscription, try turning them on again',
  },
  push_endpoint_invalid: {
    ru: 'Этот браузер присылает уведомления через службу, которую мы не поддерживаем: включите их в Chrome, Firefox, Edge или Safari',
    oz: "Bu brauzer bildirishnomalarni biz qo'llab-quvvatlamaydigan xizmat orqali yuboradi: ularni Chrome, Firefox, Edge yoki Safari brauzerida yoqing",
    uz: 'Бу браузер билдиришномаларни биз қўллаб-қувватламайдиган хизмат орқали юборади: уларни Chrome, Firefox, Edge ёки Safari браузерида ёқинг',
    en: 'This browser delivers notifications through a service we do not support: turn them on in Chrome, Firefox, Edge or Safari',
  },
  cursor_invalid: {
    ru: 'Список изменился, откройте его заново с первой страницы',
    oz: "Ro'yxat o'zgardi, uni birinchi sahifadan qayta oching",
    uz: 'Рўйхат ўзгарди, уни биринчи саҳифадан қайта очинг',
    en: 'The list has changed, open it again from the first page',
  },
  client_id_invalid: {
    ru: 'Сообщение не удалось отправить, обновите страницу',
    oz: "Xabarni yuborib bo'lmadi, sahifani yangilang",
    uz: 'Хабарни юбориб бўлмади, саҳифани янгиланг',
    en: 'The message could not be sent, reload the page',
  },
  message_empty: {
    ru: 'Напишите сообщение',
    oz: 'Xabar yozing',
    uz: 'Хабар ёзинг',
    en: 'Write a message',
  },
  message_too_long: {
    ru: 'Сообщение длиннее {n} символов, сократите его',
    oz: 'Xabar {n} belgidan uzun, uni qisqartiring',
    uz: 'Хабар {n} белгидан узун, уни қисқартиринг',
    en: 'The message is longer than {n} characters, shorten it',
  },
  chat_blocked: {
    ru: 'Переписка заблокирована: сообщения не отправляются',
    oz: 'Yozishma bloklangan: xabarlar yuborilmaydi',
    uz: 'Ёзишма блокланган: хабарлар юборилмайди',
    en: 'This conversation is blocked: messages cannot be sent',
  },
  chat_not_allowed: {
    ru: 'Написать по этому заказу могут только заказчик и откликнувшиеся исполнители',
    oz: "Bu buyurtma bo'yicha faqat buyurtmachi va javob bergan ijrochilar yoza oladi",
    uz: 'Бу буюртма бўйича фақат буюртмачи ва жавоб берган ижрочилар ёза олади',
    en: 'Only the customer and the specialists who replied can write about this order',
  },
  cannot_chat_with_yourself: {
    ru: 'Нельзя написать самому себе',
    oz: "O'zingizga yozib bo'lmaydi",
    uz: 'Ўзингизга ёзиб бўлмайди',
    en: 'You cannot write to yourself',
  },
  chat_rate_limited: {
    ru: 'Слишком много сообщений подряд. Подождите {n} с и отправьте снова',
    oz: "Ketma-ket juda ko'p xabar. {n} soniya kuting va qayta yuboring",
    uz: 'Кетма-кет жуда кўп хабар. {n} сония кутинг ва қайта юборинг',
    en: 'Too many messages in a row. Wait {n} s and send again',
  },
  report_text_max: {
    ru: 'Пояснение к жалобе не длиннее {n} символов',
    oz: 'Shikoyat izohi {n} ta belgidan oshmasligi kerak',
    uz: 'Шикоят изоҳи {n} та белгидан ошмаслиги керак',
    en: 'The details of a report must be at most {n} characters',
  },
  report_reason_required: {
    ru: 'Выберите причину жалобы',
    oz: 'Shikoyat sababini tanlang',
    uz: 'Шикоят сабабини танланг',
    en: 'Choose why you are reporting it',
  },
  already_reported: {
    ru: 'Вы уже пожаловались на это сообщение',
    oz: 'Siz bu xabar ustidan allaqachon shikoyat qilgansiz',
    uz: 'Сиз бу хабар устидан аллақачон шикоят қилгансиз',
    en: 'You have already reported this message',
  },
  cannot_report_own_message: {
    ru: 'Нельзя пожаловаться на своё сообщение',
    oz: "O'z xabaringiz ustidan shikoyat qilib bo'lmaydi",
    uz: 'Ўз хабарингиз устидан шикоят қилиб бўлмайди',
    en: 'You cannot report your own message',
  },
  plan_invalid: {
    ru: 'Выберите тариф: starter, master или professional',
    oz: 'Tarifni tanlang: starter, master yoki professional',
    uz: 'Тарифни танланг: starter, master ёки professional',
    en: 'Choose a plan: starter, master or professional',
  },
  months_invalid: {
    ru: 'Тариф покупается на 1, 2 или 3 месяца',
    oz: 'Tarif 1, 2 yoki 3 oyga sotib olinadi',
    uz: 'Тариф 1, 2 ёки 3 ойга сотиб олинади',
    en: 'A plan is bought for 1, 2 or 3 months',
  },
  provider_invalid: {
    ru: 'Выберите способ оплаты: Payme или Click',
    oz: "To'lov usulini tanlang: Payme yoki Click",
    uz: 'Тўлов усулини танланг: Payme ёки Click',
    en: 'Choose a payment method: Payme or Click',
  },
  only_specialists_buy_plans: {
    ru: 'Тарифы покупают специалисты: переключитесь в режим специалиста',
    oz: "Tariflarni mutaxassislar sotib oladi: mutaxassis rejimiga o'ting",
    uz: 'Тарифларни мутахассислар сотиб олади: мутахассис режимига ўтинг',
    en: 'Plans are for specialists: switch to specialist mode',
  },
  payment_unavailable: {
    ru: 'Этот способ оплаты сейчас недоступен, выберите другой',
    oz: "Bu to'lov usuli hozir mavjud emas, boshqasini tanlang",
    uz: 'Бу тўлов усули ҳозир мавжуд эмас, бошқасини танланг',
    en: 'This payment method is not available now, choose another',
  },
  // spec section 8: "payment failed or cancelled, try later" (shown on /wallet/failed)
  payment_failed: {
    ru: 'Оплата не прошла или отменена, попробуйте позже',
    oz: "To'lov amalga oshmadi yoki bekor qilindi, keyinroq urinib ko'ring",
    uz: 'Тўлов амалга ошмади ёки бекор қилинди, кейинроқ уриниб кўринг',
    en: 'Payment failed or was cancelled, try later',
  },
  // graduates' promo codes (decision 015, "Promo codes")
  promo_code_invalid: {
    ru: 'Промокод — до 32 латинских букв, цифр, «-» и «_»',
    oz: 'Promokod — 32 tagacha lotin harfi, raqam, «-» va «_»',
    uz: 'Промокод — 32 тагача лотин ҳарфи, рақам, «-» ва «_»',
    en: 'A promo code is up to 32 Latin letters, digits, "-" and "_"',
  },
  promo_code_not_found: {
    ru: 'Такого промокода нет, проверьте его',
    oz: "Bunday promokod yo'q, uni tekshiring",
    uz: 'Бундай промокод йўқ, уни текширинг',
    en: 'There is no such promo code, check it',
  },
  promo_code_expired: {
    ru: 'Срок действия промокода истёк или ещё не начался',
    oz: 'Promokodning amal qilish muddati tugagan yoki hali boshlanmagan',
    uz: 'Промокоднинг амал қилиш муддати тугаган ёки ҳали бошланмаган',
    en: 'The promo code has expired or is not valid yet',
  },
  promo_code_used_up: {
    ru: 'Промокод уже использован максимальное число раз',
    oz: "Promokod allaqachon eng ko'p marta ishlatilgan",
    uz: 'Промокод аллақачон энг кўп марта ишлатилган',
    en: 'The promo code has been used the maximum number of times',
  },
  plan_required_starter: {
    ru: 'Это доступно с тарифом «Стартер»: выберите его в кошельке',
    oz: "Bu «Boshlang'ich» tarifi bilan mavjud: uni hamyonda tanlang",
    uz: 'Бу «Бошланғич» тарифи билан мавжуд: уни ҳамёнда танланг',
    en: 'This comes with the Starter plan: choose it in your wallet',
  },
  plan_required_master: {
    ru: 'Это доступно с тарифом «Мастер»: выберите его в кошельке',
    oz: 'Bu «Usta» tarifi bilan mavjud: uni hamyonda tanlang',
    uz: 'Бу «Уста» тарифи билан мавжуд: уни ҳамёнда танланг',
    en: 'This comes with the Master plan: choose it in your wallet',
  },
  plan_required_professional: {
    ru: 'Это доступно с тарифом «Профессионал»: выберите его в кошельке',
    oz: 'Bu «Professional» tarifi bilan mavjud: uni hamyonda tanlang',
    uz: 'Бу «Профессионал» тарифи билан мавжуд: уни ҳамёнда танланг',
    en: 'This comes with the Professional plan: choose it in your wallet',
  },
  specialities_limit_without_plan: {
    ru: 'Без тарифа можно указать до {n} специальностей; тариф «Стартер» снимает ограничение',
    oz: "Tarifsiz {n} tagacha mutaxassislik ko'rsatish mumkin; «Boshlang'ich» tarifi cheklovni olib tashlaydi",
    uz: 'Тарифсиз {n} тагача мутахассислик кўрсатиш мумкин; «Бошланғич» тарифи чекловни олиб ташлайди',
    en: 'Without a plan you can list up to {n} specialties; the Starter plan removes the limit',
  },
  file_too_large_without_plan: {
    ru: 'Без тарифа файл может весить до {n} МБ; с тарифом «Стартер» — до 10 МБ',
    oz: "Tarifsiz fayl hajmi {n} MB gacha bo'lishi mumkin; «Boshlang'ich» tarifi bilan — 10 MB gacha",
    uz: 'Тарифсиз файл ҳажми {n} МБ гача бўлиши мумкин; «Бошланғич» тарифи билан — 10 МБ гача',
    en: 'Without a plan a file may be up to {n} MB; with the Starter plan, up to 10 MB',
  },
  promotion_days_invalid: {
    ru: 'Продвижение включается на срок от 1 до {n} дней',
    oz: 'Reklama 1 kundan {n} kungacha yoqiladi',
    uz: 'Реклама 1 кундан {n} кунгача ёқилади',
    en: 'Promotion is switched on for 1 to {n} days',
  },
  invite_invalid: {
    ru: 'Неверный код приглашения',
    oz: "Taklif kodi noto'g'ri",
    uz: 'Таклиф коди нотўғри',
    en: 'Invalid invite code',
  },
  promo_code_wrong_plan: {
    ru: 'Этот промокод действует для другого тарифа',
    oz: 'Bu promokod boshqa tarif uchun amal qiladi',
    uz: 'Бу промокод бошқа тариф учун амал қилади',
    en: 'This promo code is for another plan',
  },
}

/** Texts that are not errors: what the SMS says. */
export const smsTexts: Record<'register' | 'reset_pass', Translations> = {
  register: {
    ru: 'Fika: код подтверждения {code}. Никому его не сообщайте.',
    oz: 'Fika: tasdiqlash kodi {code}. Uni hech kimga aytmang.',
    uz: 'Fika: тасдиқлаш коди {code}. Уни ҳеч кимга айтманг.',
    en: 'Fika: your confirmation code is {code}. Do not share it.',
  },
  reset_pass: {
    ru: 'Fika: код для смены пароля {code}. Никому его не сообщайте.',
    oz: 'Fika: parolni tiklash kodi {code}. Uni hech kimga aytmang.',
    uz: 'Fika: паролни тиклаш коди {code}. Уни ҳеч кимга айтманг.',
    en: 'Fika: your password reset code is {code}. Do not share it.',
  },
}

/** The language tags Intl formats each of our languages with (oz and uz are Uzbek in two scripts). */
const INTL_LOCALES: Record<Locale, string> = { ru: 'ru-RU', oz: 'uz-Latn-UZ', uz: 'uz-Cyrl-UZ', en: 'en-GB' }
/** Times in messages are the market's own: Tashkent, 24-hour. */
const MESSAGE_TIME_ZONE = 'Asia/Tashkent'

const periodFormats = new Map<Locale, Intl.DateTimeFormat>()
function periodFormat(locale: Locale) {
  let format = periodFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      timeZone: MESSAGE_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    periodFormats.set(locale, format)
  }
  return format
}

/** "25 ноября 2026 г., 09:00–12:00; 2 декабря 2026 г., 09:00–12:00" */
export function formatPeriods(periods: Period[], locale: Locale): string {
  return periods.map((period) => periodFormat(locale).formatRange(period.start, period.end)).join('; ')
}

const formatParam = (value: MessageParam, locale: Locale) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number'
      ? value.toLocaleString(INTL_LOCALES[locale])
      : formatPeriods(value, locale)

/**
 * The message of a code in a language: `{n}` is the number of a limit or a wait, other `{name}` places take the
 * error's named values, formatted for that language.
 */
export function translate(
  code: string,
  locale: Locale,
  n?: number,
  params: Record<string, MessageParam> = {},
): string {
  const entry = (messages as Record<string, Translations | undefined>)[code] ?? messages.error_occurred
  const text = n === undefined ? entry[locale] : entry[locale].replaceAll('{n}', String(n))
  return text.replace(/\{(\w+)\}/g, (place, name: string) =>
    params[name] === undefined ? place : formatParam(params[name], locale),
  )
}

/** The number a validation message names, where it names one. */
export const messageNumbers: Partial<Record<ErrorCode, number>> = {
  password_least: PASSWORD_MIN,
  password_max: PASSWORD_MAX,
  name_max: NAME_MAX,
  surname_max: NAME_MAX,
  patronymic_max: NAME_MAX,
  sms_code_least_min: SMS_CODE_LENGTH,
  sms_code_least_max: SMS_CODE_LENGTH,
  service_name_max: SERVICE_NAME_MAX,
  page_invalid: MAX_PAGE,
  page_needs_cursor: MAX_NUMBERED_PAGE,
  order_name_max: ORDER_NAME_MAX,
  address_max: ADDRESS_MAX,
  area_max: AREA_MAX,
  text_max: TEXT_MAX,
  services_too_many: ORDER_SERVICES_MAX,
  search_too_long: SEARCH_MAX,
  title_max: TITLE_MAX,
  too_many_files: FILES_PER_ITEM_MAX,
  calendar_range_invalid: CALENDAR_RANGE_DAYS_MAX,
  message_too_long: CHAT_TEXT_MAX,
  report_text_max: REPORT_TEXT_MAX,
  specialities_limit_without_plan: FREE_SPECIALITIES_MAX,
  file_too_large_without_plan: FREE_MEDIA_BYTES / (1024 * 1024),
  promotion_days_invalid: PROMOTION_DAYS_MAX,
}
