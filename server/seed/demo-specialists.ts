import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { searchTextOf } from '#contract/search-text.ts'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { orders, reviews } from '#server/db/schema/orders.ts'
import {
  calendarEvents,
  districts,
  documents,
  specialities,
  specialityServices,
  works,
} from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { hashPassword } from '#server/lib/passwords.ts'
import { createUsersRepository } from '#server/modules/users/repository.ts'
import { DEMO_PASSWORD, DEMO_USERS } from '#server/seed/demo-users.ts'

/** Where a demo specialist works: Tashkent, or one of five other cities (district codes of regions.json). */
const CITIES = {
  T: [
    'chilanzar-district',
    'yunusabad-district',
    'mirzo-ulugbek-district',
    'yakkasaray-district',
    'mirabad-district',
    'sergeli-district',
    'almazar-district',
    'shaykhantakhur-district',
    'yashnabad-district',
    'uchtepa-district',
    'bektemir-district',
    'yangihayot-district',
  ],
  S: ['samarkand-city', 'samarkand-district', 'urgut-district'],
  B: ['bukhara-city', 'kagan-city', 'bukhara-district'],
  N: ['namangan-city', 'namangan-district', 'davlatabad-district'],
  A: ['andijan-city', 'andijan-district', 'asaka-district'],
  F: ['fergana-city', 'margilan-city', 'kokand-city', 'fergana-district'],
} as const

type Person = [
  name: string,
  surname: string,
  gender: 'male' | 'female',
  category: string,
  services: string[],
  city: keyof typeof CITIES,
  verification: 0 | 1 | 2 | 3,
  years: number,
]

/** Forty specialists, two or three per category; every fourth writes in Cyrillic, as many people here do. */
const PEOPLE: Person[] = [
  [
    'Dilnoza',
    'Rahimova',
    'female',
    'domashniy-personal',
    ['uborka', 'stirka-i-glazhka', 'uborka-ofisov'],
    'T',
    3,
    6,
  ],
  ['Малика', 'Турсунова', 'female', 'domashniy-personal', ['nyanya', 'povar-na-dom'], 'T', 1, 4],
  [
    'Gulnora',
    'Xolmatova',
    'female',
    'domashniy-personal',
    ['uborka', 'khimchistka-mebeli-i-kovrov', 'domrabotnitsa'],
    'S',
    0,
    3,
  ],
  ['Sardor', 'Aliyev', 'male', 'obrazovanie-i-repetitorstvo', ['ielts', 'angliyskiy-yazyk'], 'T', 3, 7],
  [
    'Нигора',
    'Абдуллаева',
    'female',
    'obrazovanie-i-repetitorstvo',
    ['matematika', 'fizika', 'podgotovka-k-vstupitelnym-ekzamenam'],
    'T',
    2,
    12,
  ],
  [
    'Shahzoda',
    'Nazarova',
    'female',
    'obrazovanie-i-repetitorstvo',
    ['russkiy-yazyk', 'uzbekskiy-yazyk', 'podgotovka-k-shkole', 'logoped'],
    'N',
    1,
    5,
  ],
  [
    'Bekzod',
    'Karimov',
    'male',
    'mastera-po-remontu',
    ['elektrika', 'podklyuchenie-tekhniki', 'videonablyudenie'],
    'T',
    3,
    9,
  ],
  [
    'Rustam',
    'Qodirov',
    'male',
    'mastera-po-remontu',
    ['santekhnika', 'master-na-chas', 'sborka-mebeli', 'dveri-i-zamki'],
    'T',
    2,
    11,
  ],
  [
    'Ильхом',
    'Рахимов',
    'male',
    'mastera-po-remontu',
    ['svarochnye-raboty', 'stolyar', 'remont-okon'],
    'B',
    0,
    15,
  ],
  [
    'Nodira',
    'Yusupova',
    'female',
    'bukhgaltery-i-yuristy',
    ['yuristy', 'oformlenie-dokumentov', 'migratsionnye-voprosy'],
    'T',
    3,
    10,
  ],
  [
    'Jamshid',
    'Ergashev',
    'male',
    'bukhgaltery-i-yuristy',
    ['bukhgalterskie-uslugi', 'kadrovyy-uchet', 'audit', 'finansovyy-konsultant'],
    'T',
    2,
    8,
  ],
  [
    'Otabek',
    'Mirzayev',
    'male',
    'stroitelstvo-i-remont',
    ['remont-kvartir', 'ukladka-plitki', 'shtukaturka-i-shpaklevka', 'malyarnye-raboty'],
    'T',
    2,
    14,
  ],
  ['Зарина', 'Хасанова', 'female', 'stroitelstvo-i-remont', ['dizayn-interera', 'potolki'], 'T', 3, 6],
  [
    'Akmal',
    'Sobirov',
    'male',
    'stroitelstvo-i-remont',
    ['krovelnye-raboty', 'fasadnye-raboty', 'stroitelstvo-domov', 'demontazh', 'poly'],
    'A',
    1,
    20,
  ],
  [
    'Madina',
    'Islomova',
    'female',
    'krasota-i-ukhod',
    ['manikyur-i-pedikyur', 'brovi-i-resnitsy', 'shugaring'],
    'T',
    2,
    5,
  ],
  [
    'Лола',
    'Садыкова',
    'female',
    'krasota-i-ukhod',
    ['parikmakher', 'makiyazh', 'keratin-i-vosstanovlenie-volos'],
    'T',
    1,
    9,
  ],
  ['Aziz', 'Tojiboyev', 'male', 'krasota-i-ukhod', ['barber', 'stilist'], 'F', 0, 4],
  [
    'Sherzod',
    'Umarov',
    'male',
    'remont-bytovoy-tekhniki',
    ['remont-stiralnykh-mashin', 'remont-kholodilnikov', 'remont-posudomoechnykh-mashin'],
    'T',
    3,
    12,
  ],
  [
    'Фаррух',
    'Исмаилов',
    'male',
    'remont-bytovoy-tekhniki',
    ['konditsionery', 'remont-gazovykh-kotlov'],
    'T',
    2,
    7,
  ],
  [
    "Ulug'bek",
    'Hamroyev',
    'male',
    'remont-bytovoy-tekhniki',
    ['remont-telefonov', 'remont-televizorov', 'remont-melkoy-tekhniki'],
    'S',
    1,
    6,
  ],
  ['Doniyor', 'Rasulov', 'male', 'avtouslugi', ['avtoslesar', 'avtoelektrik', 'avtopodbor'], 'T', 2, 13],
  ['Тимур', 'Ахмедов', 'male', 'avtouslugi', ['shinomontazh', 'kuzovnoy-remont', 'deteyling'], 'T', 0, 8],
  [
    'Botir',
    'Normatov',
    'male',
    'avtouslugi',
    ['instruktor-po-vozhdeniyu', 'gazoballonnoe-oborudovanie'],
    'N',
    1,
    10,
  ],
  [
    'Farhod',
    'Juraev',
    'male',
    'gruzoperevozki-i-pereezdy',
    ['kvartirnyy-pereezd', 'ofisnyy-pereezd', 'gruzchiki'],
    'T',
    3,
    9,
  ],
  [
    'Anvar',
    'Saidov',
    'male',
    'gruzoperevozki-i-pereezdy',
    ['gruzoperevozki-po-gorodu', 'mezhdugorodnie-perevozki', 'vyvoz-musora'],
    'B',
    1,
    6,
  ],
  [
    'Kamola',
    'Ibragimova',
    'female',
    'it-i-dizayn',
    ['graficheskiy-dizayn', 'ui-ux-dizayn', 'smm-i-reklama'],
    'T',
    2,
    5,
  ],
  [
    'Севара',
    'Мухамедова',
    'female',
    'it-i-dizayn',
    ['razrabotka-saytov', 'telegram-boty', 'mobilnye-prilozheniya', 'seo-prodvizhenie'],
    'T',
    3,
    8,
  ],
  [
    'Javohir',
    'Toshpulatov',
    'male',
    'it-i-dizayn',
    ['remont-kompyuterov', 'nastroyka-setey', 'it-autsorsing'],
    'F',
    0,
    4,
  ],
  [
    'Laylo',
    'Abdurahmonova',
    'female',
    'meropriyatiya-i-foto-video',
    ['fotograf', 'videooperator'],
    'T',
    2,
    7,
  ],
  [
    'Shoxrux',
    'Valiyev',
    'male',
    'meropriyatiya-i-foto-video',
    ['vedushchiy', 'organizatsiya-svadeb', 'arenda-zvuka-i-sveta'],
    'S',
    1,
    11,
  ],
  [
    'Мадина',
    'Каримова',
    'female',
    'meropriyatiya-i-foto-video',
    ['dekor-i-oformlenie', 'detskie-prazdniki', 'keytering'],
    'T',
    0,
    3,
  ],
  [
    'Nilufar',
    'Xasanova',
    'female',
    'zdorove-i-meditsina',
    ['medsestra-na-dom', 'massazh', 'reabilitatsiya'],
    'T',
    3,
    16,
  ],
  [
    'Alisher',
    'Qosimov',
    'male',
    'zdorove-i-meditsina',
    ['psikholog', 'onlayn-konsultatsiya-vracha'],
    'T',
    2,
    9,
  ],
  [
    'Mirjalol',
    'Hakimov',
    'male',
    'kurery-i-dostavka',
    ['peshiy-kurer', 'kurer-na-avtomobile', 'porucheniya'],
    'T',
    1,
    2,
  ],
  [
    'Дилшод',
    'Усмонов',
    'male',
    'kurery-i-dostavka',
    ['dostavka-tsvetov-i-podarkov', 'dostavka-posylok-po-uzbekistanu', 'motokurer'],
    'A',
    0,
    3,
  ],
  [
    'Sanjar',
    "Yo'ldoshev",
    'male',
    'sport-i-fitnes',
    ['personalnyy-trener', 'edinoborstva', 'plavanie'],
    'T',
    2,
    8,
  ],
  [
    'Muxlisa',
    'Sharipova',
    'female',
    'sport-i-fitnes',
    ['yoga', 'gimnastika-i-rastyazhka', 'tantsy'],
    'T',
    1,
    6,
  ],
  [
    'Feruza',
    'Zokirova',
    'female',
    'perevodchiki',
    ['pismennyy-perevod', 'notarialnyy-perevod', 'perevodchik-angliyskogo', 'apostil-i-legalizatsiya'],
    'T',
    3,
    10,
  ],
  [
    'Eldor',
    'Musayev',
    'male',
    'perevodchiki',
    ['ustnyy-perevod', 'perevodchik-koreyskogo', 'perevodchik-turetskogo'],
    'F',
    1,
    5,
  ],
  [
    'Азиз',
    'Бахромов',
    'male',
    'domashnie-zhivotnye',
    ['veterinar', 'gruming', 'perederzhka-zhivotnykh', 'vygul-sobak'],
    'T',
    2,
    7,
  ],
]

/** What each category's specialists say about themselves (Russian, the default language), and their works. */
const CATEGORY_TEXT: Record<string, { about: string; works: string[]; price: [number, number] }> = {
  'domashniy-personal': {
    about:
      'Аккуратно и бережно веду дом: уборка, стирка, помощь по хозяйству. Работаю своими средствами, по договорённости — вашими.',
    works: [
      'Генеральная уборка квартиры после ремонта',
      'Уборка загородного дома',
      'Химчистка дивана и ковров',
    ],
    price: [100_000, 600_000],
  },
  'obrazovanie-i-repetitorstvo': {
    about:
      'Занимаюсь со школьниками и взрослыми, онлайн и очно. Составляю план под цель ученика и регулярно показываю результат.',
    works: [
      'Подготовка группы к IELTS: средний балл 6.5',
      'Курс подготовки к вступительным экзаменам',
      'Развивающие занятия для будущих первоклассников',
    ],
    price: [80_000, 250_000],
  },
  'mastera-po-remontu': {
    about:
      'Мелкий и средний ремонт в квартире и офисе: приезжаю со своим инструментом, даю гарантию на работу.',
    works: [
      'Замена проводки в двухкомнатной квартире',
      'Установка смесителей и бойлера',
      'Сборка кухонного гарнитура',
    ],
    price: [100_000, 900_000],
  },
  'bukhgaltery-i-yuristy': {
    about:
      'Консультирую частных лиц и малый бизнес, готовлю документы и сопровождаю в госорганах. Конфиденциальность гарантирую.',
    works: [
      'Регистрация ООО под ключ',
      'Ведение бухгалтерии кафе за год',
      'Сопровождение сделки купли-продажи квартиры',
    ],
    price: [200_000, 3_000_000],
  },
  'stroitelstvo-i-remont': {
    about:
      'Ремонт квартир и домов с нуля: от демонтажа до чистовой отделки. Работаю по смете, этапы фиксируем в договоре.',
    works: [
      'Ремонт трёхкомнатной квартиры под ключ',
      'Укладка плитки в ванной и на кухне',
      'Натяжные потолки в новостройке',
    ],
    price: [500_000, 15_000_000],
  },
  'krasota-i-ukhod': {
    about:
      'Работаю на профессиональных материалах, инструменты стерилизую после каждого клиента. Принимаю у себя или выезжаю на дом.',
    works: ['Свадебный образ', 'Маникюр с дизайном', 'Восстановление волос кератином'],
    price: [80_000, 700_000],
  },
  'remont-bytovoy-tekhniki': {
    about: 'Ремонтирую технику на дому у клиента, оригинальные запчасти, гарантия до шести месяцев.',
    works: [
      'Замена подшипника стиральной машины',
      'Заправка и чистка кондиционеров в офисе',
      'Ремонт холодильника No Frost',
    ],
    price: [100_000, 1_200_000],
  },
  avtouslugi: {
    about:
      'Диагностика и ремонт автомобилей: Chevrolet, Kia, Hyundai и другие. Честно говорю, что нужно менять, а что нет.',
    works: [
      'Капитальный ремонт двигателя Cobalt',
      'Полировка и керамика кузова',
      'Подбор автомобиля с проверкой',
    ],
    price: [100_000, 5_000_000],
  },
  'gruzoperevozki-i-pereezdy': {
    about: 'Перевозки по городу и между областями, свои грузчики, упаковка мебели и техники.',
    works: [
      'Переезд офиса на 20 рабочих мест',
      'Перевозка мебели из Ташкента в Самарканд',
      'Вывоз строительного мусора',
    ],
    price: [200_000, 3_000_000],
  },
  'it-i-dizayn': {
    about: 'Делаю сайты, ботов и дизайн для малого бизнеса: от идеи до запуска и поддержки.',
    works: [
      'Интернет-магазин для магазина одежды',
      'Telegram-бот для записи в салон',
      'Фирменный стиль для кофейни',
    ],
    price: [500_000, 20_000_000],
  },
  'meropriyatiya-i-foto-video': {
    about:
      'Свадьбы, дни рождения, корпоративы: снимаю, веду и оформляю праздники так, чтобы вы отдыхали вместе с гостями.',
    works: [
      'Свадебная съёмка в Самарканде',
      'Детский праздник на 30 гостей',
      'Корпоратив с ведущим и звуком',
    ],
    price: [500_000, 8_000_000],
  },
  'zdorove-i-meditsina': {
    about: 'Дипломированный специалист с опытом в клинике. Выезжаю на дом, консультирую онлайн.',
    works: [
      'Курс восстановительного массажа',
      'Уход за пациентом после операции',
      'Программа реабилитации после травмы',
    ],
    price: [150_000, 800_000],
  },
  'kurery-i-dostavka': {
    about: 'Доставлю документы, цветы, продукты и посылки быстро и аккуратно, на связи всю дорогу.',
    works: [
      'Доставка документов для банка за час',
      'Ежедневная доставка обедов в офис',
      'Доставка подарков к празднику',
    ],
    price: [30_000, 300_000],
  },
  'sport-i-fitnes': {
    about: 'Тренирую взрослых и детей, индивидуально и в группах. Составляю программу под здоровье и цель.',
    works: [
      'Подготовка к первому полумарафону',
      'Группа йоги для начинающих',
      'Программа снижения веса на 3 месяца',
    ],
    price: [80_000, 400_000],
  },
  perevodchiki: {
    about: 'Переводы с нотариальным заверением и устный перевод на переговорах. Соблюдаю сроки.',
    works: [
      'Перевод пакета документов для визы',
      'Устный перевод на выставке',
      'Локализация мобильного приложения',
    ],
    price: [50_000, 1_500_000],
  },
  'domashnie-zhivotnye': {
    about: 'Люблю животных и умею с ними обращаться: лечение, груминг, передержка и прогулки.',
    works: ['Груминг шпица', 'Передержка двух кошек на две недели', 'Вакцинация щенка на дому'],
    price: [50_000, 500_000],
  },
}

const REVIEWS: [number, string][] = [
  [5, 'Всё сделано быстро и аккуратно, рекомендую.'],
  [5, "Zo'r usta, hammasi vaqtida bajarildi. Rahmat!"],
  [4, 'Хороший результат, но опоздал на полчаса.'],
  [5, 'Очень вежливо и профессионально, обращусь ещё.'],
  [4, 'Yaxshi ish, narxi ham mos. Tavsiya qilaman.'],
  [5, 'Great work, everything as agreed.'],
  [3, 'В целом нормально, пришлось кое-что переделать.'],
  [5, 'Лучший специалист, которого мы находили.'],
]

const BUSY_TITLES = ['Постоянный клиент', 'Занятия в группе', 'Выезд к клиенту', 'Личное время']

/** The phone numbers of the demo specialists: 998 90 111 20 01 and on. */
export const demoSpecialistPhone = (index: number) => `9989011120${String(index + 1).padStart(2, '0')}`
export const DEMO_SPECIALISTS_COUNT = PEOPLE.length

const PORTFOLIO_DIR = fileURLToPath(new URL('portfolio/', import.meta.url))
const DAY_MS = 24 * 3600 * 1000
const TIYIN_PER_SOM = 100
/** Tashkent is UTC+5 all year. */
const TASHKENT_OFFSET_MS = 5 * 3600 * 1000

type Storage = { save(folder: string, bytes: Buffer, extension: string): Promise<string> }

const slugBaseOf = (name: string, surname: string) =>
  searchTextOf([`${name} ${surname}`])
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** A round price in so'm between the category's bounds, different for each person and service. */
function priceRange(category: string, person: number, line: number): [number, number] {
  const [low, high] = CATEGORY_TEXT[category]!.price
  const step = (high - low) / 10
  const from = Math.round((low + step * ((person + line * 3) % 6)) / 10_000) * 10_000
  return [from, Math.round((from + step * (2 + (line % 3))) / 10_000) * 10_000]
}

/** The day `days` from now at `hour` o'clock in Tashkent. */
function tashkentAt(now: Date, days: number, hour: number) {
  const local = new Date(now.getTime() + TASHKENT_OFFSET_MS + days * DAY_MS)
  local.setUTCHours(hour, 0, 0, 0)
  return new Date(local.getTime() - TASHKENT_OFFSET_MS)
}

/**
 * Adds forty demo specialists (executors with specialties and prices, districts, an about text, portfolio works with
 * pictures, some certificates, a discount on a few, weekly busy times) and, when the demo customer exists, completed
 * orders of theirs with reviews, so the specialists list and the public profiles have something to show on a fresh
 * machine. Development only (SEED_DEMO_USERS); once the first demo specialist exists it does nothing, so it never
 * duplicates. The pictures are copied into the uploads storage like uploaded photos.
 */
export async function seedDemoSpecialists(db: Database, storage: Storage, now: Date): Promise<number> {
  const usersRepository = createUsersRepository(db)
  if (await usersRepository.existsByPhone(demoSpecialistPhone(0))) return 0

  const districtRows = await db.select({ id: districts.id, code: districts.code }).from(districts)
  const districtId = new Map(districtRows.map((row) => [row.code, row.id]))
  const serviceRows = await db
    .select({
      id: services.id,
      slug: services.slug,
      categoryId: services.categoryId,
      category: categories.slug,
    })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(isNull(services.parentId))
  const serviceOf = new Map(serviceRows.map((row) => [`${row.category}/${row.slug}`, row]))
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, DEMO_USERS.find((user) => user.type === 'customer')!.phone))
  const pictures = new Map<string, Buffer>()
  const picture = async (name: string) => {
    if (!pictures.has(name)) pictures.set(name, await readFile(`${PORTFOLIO_DIR}${name}.webp`))
    return pictures.get(name)!
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  let added = 0
  let reviewIndex = 0
  for (const [
    index,
    [name, surname, gender, category, lines, city, verification, years],
  ] of PEOPLE.entries()) {
    const text = CATEGORY_TEXT[category]!
    const lineRows = lines
      .map((slug) => serviceOf.get(`${category}/${slug}`))
      .filter((row) => row !== undefined)
    // A catalogue without this category's services (an edited seed) leaves the person out rather than half-made.
    if (lineRows.length === 0) continue
    const cyrillic = /[а-яё]/i.test(name)
    const user = await usersRepository.insert({
      phone: demoSpecialistPhone(index),
      name,
      surname,
      patronymic: null,
      email: null,
      passwordHash,
      type: 'executor',
      slugBase: slugBaseOf(name, surname),
    })
    const pool = CITIES[city]
    const districtCodes = [0, 1, 2]
      .slice(0, 1 + (index % 3))
      .map((step) => pool[(index + step * 2) % pool.length]!)
    await db
      .update(users)
      .set({
        gender,
        verification,
        about: `${text.about} Опыт — ${years} ${years % 10 === 1 && years !== 11 ? 'год' : years % 10 >= 2 && years % 10 <= 4 && (years < 12 || years > 14) ? 'года' : 'лет'}.`,
        languages: cyrillic ? ['ru', 'uz'] : index % 2 === 0 ? ['uz', 'ru', 'en'] : ['uz', 'ru'],
        districtIds: [...new Set(districtCodes)]
          .map((code) => districtId.get(code))
          .filter((id) => id !== undefined),
        worksRemotely: [
          'it-i-dizayn',
          'perevodchiki',
          'bukhgaltery-i-yuristy',
          'obrazovanie-i-repetitorstvo',
        ].includes(category),
        acceptsAtOwnPlace: ['krasota-i-ukhod', 'avtouslugi', 'obrazovanie-i-repetitorstvo'].includes(
          category,
        ),
        discountPercent: index % 7 === 3 ? 10 + (index % 3) * 5 : 0,
        discountText: index % 7 === 3 ? 'Скидка на первый заказ через Fika' : null,
        lastSeenAt: new Date(now.getTime() - (index % 10) * 3600_000),
        createdAt: new Date(now.getTime() - (60 + index * 7) * DAY_MS),
      })
      .where(eq(users.id, user.id))

    const [speciality] = await db
      .insert(specialities)
      .values({ userId: user.id, categoryId: lineRows[0]!.categoryId })
      .returning({ id: specialities.id })
    await db.insert(specialityServices).values(
      lineRows.map((row, line) => {
        const [from, to] = priceRange(category, index, line)
        return {
          specialityId: speciality!.id,
          userId: user.id,
          serviceId: row.id,
          priceFrom: from * TIYIN_PER_SOM,
          // Every third line gives only a starting price ("from …").
          priceTo: line % 3 === 2 ? null : to * TIYIN_PER_SOM,
        }
      }),
    )

    // One to three works, each with one or two pictures of the category.
    for (let work = 0; work < 1 + (index % 3); work++) {
      const photos: string[] = []
      for (let photo = 0; photo < 1 + ((index + work) % 2); photo++)
        photos.push(
          await storage.save('works', await picture(`${category}-${1 + ((work + photo) % 2)}`), 'webp'),
        )
      await db.insert(works).values({
        userId: user.id,
        title: text.works[work % text.works.length]!,
        description: work === 0 ? 'Фото с объекта, работа выполнена в срок.' : null,
        photos,
        position: work,
      })
    }
    if (verification >= 2) {
      await db.insert(documents).values({
        userId: user.id,
        name:
          index % 2 === 0 ? 'Диплом о профессиональном образовании' : 'Сертификат о повышении квалификации',
        description: `Выдан в ${2026 - years + 1} году.`,
        files: [await storage.save('documents', await picture(`certificate-${1 + (index % 2)}`), 'webp')],
      })
    }

    // A weekly busy time on a weekday, and a one-off in the next days (titles are private, the times are not).
    const weekday = tashkentAt(now, 1 + (index % 5), 9 + (index % 4))
    await db.insert(calendarEvents).values([
      {
        userId: user.id,
        title: BUSY_TITLES[index % BUSY_TITLES.length]!,
        startedAt: weekday,
        endedAt: new Date(weekday.getTime() + 3 * 3600_000),
        period: 'weekly',
      },
      {
        userId: user.id,
        title: BUSY_TITLES[(index + 2) % BUSY_TITLES.length]!,
        startedAt: tashkentAt(now, 6 + (index % 3), 14),
        endedAt: tashkentAt(now, 6 + (index % 3), 18),
        period: 'once',
      },
    ])

    // Two of three specialists have done one to three orders of the demo customer, each reviewed.
    if (customer && index % 3 !== 2) {
      for (let done = 0; done < 1 + (index % 3) + (index % 2); done++) {
        const service = lineRows[done % lineRows.length]!
        const [from] = priceRange(category, index, done)
        const startedAt = tashkentAt(now, -(10 + done * 9 + index), 10)
        const [order] = await db
          .insert(orders)
          .values({
            status: 'completed',
            customerId: customer.id,
            executorId: user.id,
            services: [service.id],
            categoryId: service.categoryId,
            name: text.works[done % text.works.length]!,
            isOnline: false,
            atCustomer: true,
            area: null,
            startedAt,
            endedAt: new Date(startedAt.getTime() + 3 * 3600_000),
            price: from * TIYIN_PER_SOM,
            createdAt: new Date(startedAt.getTime() - 2 * DAY_MS),
            updatedAt: new Date(startedAt.getTime() + 4 * 3600_000),
          })
          .returning({ id: orders.id })
        const [rating, comment] = REVIEWS[reviewIndex++ % REVIEWS.length]!
        await db.insert(reviews).values({
          orderId: order!.id,
          customerId: customer.id,
          executorId: user.id,
          serviceId: service.id,
          rating,
          comment,
          createdAt: new Date(startedAt.getTime() + DAY_MS),
        })
      }
    }
    added++
  }

  // Rating and reviews count from the reviews table, so they agree with it.
  const phones = PEOPLE.map((_, index) => demoSpecialistPhone(index))
  await db
    .update(users)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.executorId} = ${users.id}), 0)`,
      reviewsCount: sql`(select count(*) from ${reviews} where ${reviews.executorId} = ${users.id})`,
    })
    .where(and(inArray(users.phone, phones), eq(users.type, 'executor')))
  return added
}
