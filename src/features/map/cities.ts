import type { Locale } from '#src/lib/locale.ts'

export type City = { lng: number; lat: number; major: boolean; name: Record<Locale, string> }

/** The regional centres the bundled map marks; `major` ones are named from the country view on. */
export const CITIES: City[] = [
  {
    lng: 69.24,
    lat: 41.3,
    major: true,
    name: { ru: 'Ташкент', uz: 'Тошкент', oz: 'Toshkent', en: 'Tashkent' },
  },
  {
    lng: 66.96,
    lat: 39.654,
    major: true,
    name: { ru: 'Самарканд', uz: 'Самарқанд', oz: 'Samarqand', en: 'Samarkand' },
  },
  {
    lng: 64.429,
    lat: 39.775,
    major: true,
    name: { ru: 'Бухара', uz: 'Бухоро', oz: 'Buxoro', en: 'Bukhara' },
  },
  { lng: 59.61, lat: 42.453, major: true, name: { ru: 'Нукус', uz: 'Нукус', oz: 'Nukus', en: 'Nukus' } },
  {
    lng: 71.673,
    lat: 40.998,
    major: true,
    name: { ru: 'Наманган', uz: 'Наманган', oz: 'Namangan', en: 'Namangan' },
  },
  {
    lng: 72.344,
    lat: 40.782,
    major: false,
    name: { ru: 'Андижан', uz: 'Андижон', oz: 'Andijon', en: 'Andijan' },
  },
  {
    lng: 71.784,
    lat: 40.386,
    major: false,
    name: { ru: 'Фергана', uz: 'Фарғона', oz: "Farg'ona", en: 'Fergana' },
  },
  { lng: 70.943, lat: 40.529, major: false, name: { ru: 'Коканд', uz: 'Қўқон', oz: "Qo'qon", en: 'Kokand' } },
  { lng: 65.79, lat: 38.861, major: true, name: { ru: 'Карши', uz: 'Қарши', oz: 'Qarshi', en: 'Karshi' } },
  { lng: 67.278, lat: 37.224, major: true, name: { ru: 'Термез', uz: 'Термиз', oz: 'Termiz', en: 'Termez' } },
  {
    lng: 60.635,
    lat: 41.551,
    major: true,
    name: { ru: 'Ургенч', uz: 'Урганч', oz: 'Urganch', en: 'Urgench' },
  },
  {
    lng: 67.842,
    lat: 40.116,
    major: false,
    name: { ru: 'Джизак', uz: 'Жиззах', oz: 'Jizzax', en: 'Jizzakh' },
  },
  { lng: 65.379, lat: 40.084, major: false, name: { ru: 'Навои', uz: 'Навоий', oz: 'Navoiy', en: 'Navoiy' } },
  {
    lng: 68.784,
    lat: 40.49,
    major: false,
    name: { ru: 'Гулистан', uz: 'Гулистон', oz: 'Guliston', en: 'Gulistan' },
  },
]
