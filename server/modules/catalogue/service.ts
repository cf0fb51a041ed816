import type { Settings } from '#contract/schemas/catalogue.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { createCategoriesReads } from './categories.ts'
import { inLocale } from './present.ts'
import type { CatalogueRepository } from './repository.ts'
import { createServicesReads } from './services.ts'

export const DEFAULT_SETTINGS = {
  telegram_url: 'https://t.me/fika_uz',
  instagram_url: 'https://www.instagram.com/fika.uz',
  facebook_url: 'https://www.facebook.com/fika.uz',
  youtube_url: 'https://www.youtube.com/@fika_uz',
  support_email: 'support@fika.uz',
  support_phone: '+998 71 200-00-00',
}

/** The bot's sign-up deep link (`/start signup`, server/modules/telegram): the site's "Become a specialist". */
export const signupBotUrl = (botUsername: string) => `https://t.me/${botUsername}?start=signup`

export function createCatalogueService(
  repo: CatalogueRepository,
  { mapStyleUrl = '', botUsername = 'fika_uz_bot' } = {},
) {
  const categoriesReads = createCategoriesReads(repo)
  return {
    ...categoriesReads,
    ...createServicesReads(repo),

    /** What is kept in memory of the catalogue is read again: a moderator added a service (docs/decisions/030-proposed-services-and-hidden-reviews.md). */
    catalogueChanged() {
      categoriesReads.forgetCategories()
      repo.forgetNameWords()
    },

    async settings() {
      return {
        bot_url: signupBotUrl(botUsername),
        ...DEFAULT_SETTINGS,
        ...(await repo.settings()),
        map_style_url: mapStyleUrl,
      } as Settings
    },

    async marquee(locale: Locale) {
      return {
        collection: (await repo.marquee()).map((item) => ({
          id: item.id,
          title: inLocale(item.title, locale)!,
        })),
      }
    },
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>
