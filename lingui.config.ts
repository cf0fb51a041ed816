import type { LinguiConfig } from '@lingui/conf'

/** Messages are written in English in the code and translated into ru (the default language), oz and uz. */
const config: LinguiConfig = {
  locales: ['ru', 'oz', 'uz', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: 'po',
  orderBy: 'messageId',
}
export default config
