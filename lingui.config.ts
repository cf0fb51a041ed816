import type { LinguiConfig } from '@lingui/conf'

/**
 * Features whose messages load with their own route chunk instead of with the first screen: the Russian catalog
 * ships in the entry, and the first-load budget (npm run size) has no room for every screen's text. Such a
 * feature keeps its catalogs in `src/features/<feature>/locales/` and its routes await `loadCatalog` from
 * src/lib/lazy-catalog.ts.
 */
const LAZY_FEATURES = [
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
]

/** Messages are written in English in the code and translated into ru (the default language), oz and uz. */
const config: LinguiConfig = {
  locales: ['ru', 'oz', 'uz', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: LAZY_FEATURES.map((feature) => `<rootDir>/src/features/${feature}/**`),
    },
    ...LAZY_FEATURES.map((feature) => ({
      path: `<rootDir>/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/src/features/${feature}`],
    })),
  ],
  format: 'po',
  orderBy: 'messageId',
}
export default config
