/** The app's languages: a module of its own so the server's renderer can name them without the catalogs. */
export const LOCALES = ['ru', 'oz', 'uz', 'en'] as const
export type Locale = (typeof LOCALES)[number]
