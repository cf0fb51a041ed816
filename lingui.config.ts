import type { LinguiConfig } from '@lingui/conf'

/**
 * Features whose messages load with their own route chunk instead of with the first screen: the Russian catalog
 * ships in the entry, and the first-load budget (npm run size) has no room for every screen's text. Such a
 * feature keeps its catalogs in `src/features/<feature>/locales/` and its routes await `loadCatalog` from
 * src/lib/lazy-catalog.ts.
 */
const LAZY_FEATURES = [
  'admin',
  'app-notices',
  'auth',
  'bonus',
  'chat-entry',
  'chat-location',
  'chats',
  'content',
  'error-words',
  'executors',
  'feedbacks',
  'site-links',
  'graduates',
  'home',
  'map',
  'member-menu',
  'mode-switch',
  'notifications',
  'order-view',
  'order-wizard',
  'order-words',
  'plan-lock',
  'orders-list',
  'profile-editor',
  'profile-share',
  'public-profile',
  'push',
  'specialist-words',
  'wallet',
  'workday',
]

/**
 * Shared pieces that never draw the first screen: their words are not in the entry's catalog but in
 * `src/components/locales/`, which loads with every feature's catalog (src/lib/lazy-catalog.ts) and wherever else
 * one of them is shown (the home page's and a category's saved-data notices, the search's list).
 */
const LATER_WORDS = [
  'src/components/back-button.tsx',
  'src/components/filter-bar.tsx',
  'src/components/image-modal.tsx',
  'src/components/load-more.tsx',
  'src/components/modal.tsx',
  'src/components/not-saved.tsx',
  'src/components/paged-list.tsx',
  'src/components/phone-field.tsx',
  'src/components/report-button.tsx',
  'src/components/saved-notice.tsx',
  'src/components/text-field.tsx',
  'src/features/catalogue/components/search-results.tsx',
]

/**
 * Messages are written in English in the code and translated into ru (the default language), oz and uz: the web app's
 * and the server's alike, in .po files that `npm run extract` updates.
 */
const config: LinguiConfig = {
  locales: ['ru', 'oz', 'uz', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        ...LAZY_FEATURES.map((feature) => `<rootDir>/src/features/${feature}/**`),
        ...LATER_WORDS.map((file) => `<rootDir>/${file}`),
      ],
    },
    {
      path: '<rootDir>/src/components/locales/{locale}',
      include: LATER_WORDS.map((file) => `<rootDir>/${file}`),
    },
    ...LAZY_FEATURES.map((feature) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/features/${feature}`],
    })),
    // What the server writes (error messages, SMS, notifications): message descriptors marked `/*i18n*/` with an
    // explicit id (an error's code), read at run time by server/i18n/catalog.ts.
    { path: '<rootDir>/server/locales/{locale}', include: ['<rootDir>/server'] },
  ],
  format: 'po',
  orderBy: 'messageId',
}
export default config
