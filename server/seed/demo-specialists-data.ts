// The demo specialists themselves: who they are, where they work, what each category's people say about their work,
// and the reviews and busy times they get. Data only; server/seed/demo-specialists.ts writes it into the tables.

/** Where a demo specialist works: Tashkent, or one of five other cities (district codes of regions.json). */
export const CITIES = {
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

/**
 * Forty specialists, two or three per category, in the order their phones are numbered; every fourth writes in
 * Cyrillic, as many people here do. A line: name, surname, gender, city (a key of CITIES), verification level (0 to
 * 3), years of experience, then the slugs of the category's services they offer.
 */
const PEOPLE_BY_CATEGORY: Record<string, string> = {
  'domashniy-personal': `
    Dilnoza Rahimova female T 3 6 uborka stirka-i-glazhka uborka-ofisov
    Малика Турсунова female T 1 4 nyanya povar-na-dom
    Gulnora Xolmatova female S 0 3 uborka khimchistka-mebeli-i-kovrov domrabotnitsa
  `,
  'obrazovanie-i-repetitorstvo': `
    Sardor Aliyev male T 3 7 ielts angliyskiy-yazyk
    Нигора Абдуллаева female T 2 12 matematika fizika podgotovka-k-vstupitelnym-ekzamenam
    Shahzoda Nazarova female N 1 5 russkiy-yazyk uzbekskiy-yazyk podgotovka-k-shkole logoped
  `,
  'mastera-po-remontu': `
    Bekzod Karimov male T 3 9 elektrika podklyuchenie-tekhniki videonablyudenie
    Rustam Qodirov male T 2 11 santekhnika master-na-chas sborka-mebeli dveri-i-zamki
    Ильхом Рахимов male B 0 15 svarochnye-raboty stolyar remont-okon
  `,
  'bukhgaltery-i-yuristy': `
    Nodira Yusupova female T 3 10 yuristy oformlenie-dokumentov migratsionnye-voprosy
    Jamshid Ergashev male T 2 8 bukhgalterskie-uslugi kadrovyy-uchet audit finansovyy-konsultant
  `,
  'stroitelstvo-i-remont': `
    Otabek Mirzayev male T 2 14 remont-kvartir ukladka-plitki shtukaturka-i-shpaklevka malyarnye-raboty
    Зарина Хасанова female T 3 6 dizayn-interera potolki
    Akmal Sobirov male A 1 20 krovelnye-raboty fasadnye-raboty stroitelstvo-domov demontazh poly
  `,
  'krasota-i-ukhod': `
    Madina Islomova female T 2 5 manikyur-i-pedikyur brovi-i-resnitsy shugaring
    Лола Садыкова female T 1 9 parikmakher makiyazh keratin-i-vosstanovlenie-volos
    Aziz Tojiboyev male F 0 4 barber stilist
  `,
  'remont-bytovoy-tekhniki': `
    Sherzod Umarov male T 3 12 remont-stiralnykh-mashin remont-kholodilnikov remont-posudomoechnykh-mashin
    Фаррух Исмаилов male T 2 7 konditsionery remont-gazovykh-kotlov
    Ulug'bek Hamroyev male S 1 6 remont-telefonov remont-televizorov remont-melkoy-tekhniki
  `,
  avtouslugi: `
    Doniyor Rasulov male T 2 13 avtoslesar avtoelektrik avtopodbor
    Тимур Ахмедов male T 0 8 shinomontazh kuzovnoy-remont deteyling
    Botir Normatov male N 1 10 instruktor-po-vozhdeniyu gazoballonnoe-oborudovanie
  `,
  'gruzoperevozki-i-pereezdy': `
    Farhod Juraev male T 3 9 kvartirnyy-pereezd ofisnyy-pereezd gruzchiki
    Anvar Saidov male B 1 6 gruzoperevozki-po-gorodu mezhdugorodnie-perevozki vyvoz-musora
  `,
  'it-i-dizayn': `
    Kamola Ibragimova female T 2 5 graficheskiy-dizayn ui-ux-dizayn smm-i-reklama
    Севара Мухамедова female T 3 8 razrabotka-saytov telegram-boty mobilnye-prilozheniya seo-prodvizhenie
    Javohir Toshpulatov male F 0 4 remont-kompyuterov nastroyka-setey it-autsorsing
  `,
  'meropriyatiya-i-foto-video': `
    Laylo Abdurahmonova female T 2 7 fotograf videooperator
    Shoxrux Valiyev male S 1 11 vedushchiy organizatsiya-svadeb arenda-zvuka-i-sveta
    Мадина Каримова female T 0 3 dekor-i-oformlenie detskie-prazdniki keytering
  `,
  'zdorove-i-meditsina': `
    Nilufar Xasanova female T 3 16 medsestra-na-dom massazh reabilitatsiya
    Alisher Qosimov male T 2 9 psikholog onlayn-konsultatsiya-vracha
  `,
  'kurery-i-dostavka': `
    Mirjalol Hakimov male T 1 2 peshiy-kurer kurer-na-avtomobile porucheniya
    Дилшод Усмонов male A 0 3 dostavka-tsvetov-i-podarkov dostavka-posylok-po-uzbekistanu motokurer
  `,
  'sport-i-fitnes': `
    Sanjar Yo'ldoshev male T 2 8 personalnyy-trener edinoborstva plavanie
    Muxlisa Sharipova female T 1 6 yoga gimnastika-i-rastyazhka tantsy
  `,
  perevodchiki: `
    Feruza Zokirova female T 3 10 pismennyy-perevod notarialnyy-perevod perevodchik-angliyskogo apostil-i-legalizatsiya
    Eldor Musayev male F 1 5 ustnyy-perevod perevodchik-koreyskogo perevodchik-turetskogo
  `,
  'domashnie-zhivotnye': `
    Азиз Бахромов male T 2 7 veterinar gruming perederzhka-zhivotnykh vygul-sobak
  `,
}

/** A demo specialist: one line of the table above, with its category. */
export type DemoPerson = {
  name: string
  surname: string
  gender: 'male' | 'female'
  category: string
  services: string[]
  city: keyof typeof CITIES
  verification: 0 | 1 | 2 | 3
  years: number
}

const VERIFICATIONS = [0, 1, 2, 3] as const

/** Reads one line of the table, and fails the start on a line that does not say what a person needs. */
function personOf(category: string, line: string): DemoPerson {
  const [name, surname, gender, city, verification, years, ...services] = line.trim().split(/\s+/)
  const level = VERIFICATIONS.find((value) => String(value) === verification)
  if (!name || !surname || (gender !== 'male' && gender !== 'female') || !city || !(city in CITIES))
    throw new Error(`A demo specialist line without a name, gender or city: ${line}`)
  if (level === undefined || !/^\d+$/.test(years ?? '') || services.length === 0)
    throw new Error(`A demo specialist line without a verification, years or services: ${line}`)
  return {
    name,
    surname,
    gender,
    category,
    services,
    city: city as keyof typeof CITIES,
    verification: level,
    years: Number(years),
  }
}

export const PEOPLE: DemoPerson[] = Object.entries(PEOPLE_BY_CATEGORY).flatMap(([category, table]) =>
  table
    .trim()
    .split('\n')
    .map((line) => personOf(category, line)),
)

/** What each category's specialists say about themselves (Russian, the default language), and their works. */
export const CATEGORY_TEXT: Record<string, { about: string; works: string[]; price: [number, number] }> = {
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

/** The reviews the demo customer leaves, in turn: rating and comment. */
export const REVIEWS: [number, string][] = [
  [5, 'Всё сделано быстро и аккуратно, рекомендую.'],
  [5, "Zo'r usta, hammasi vaqtida bajarildi. Rahmat!"],
  [4, 'Хороший результат, но опоздал на полчаса.'],
  [5, 'Очень вежливо и профессионально, обращусь ещё.'],
  [4, 'Yaxshi ish, narxi ham mos. Tavsiya qilaman.'],
  [5, 'Great work, everything as agreed.'],
  [3, 'В целом нормально, пришлось кое-что переделать.'],
  [5, 'Лучший специалист, которого мы находили.'],
]

/** The titles of the specialists' busy times (private: others see only the times). */
export const BUSY_TITLES = ['Постоянный клиент', 'Занятия в группе', 'Выезд к клиенту', 'Личное время']
