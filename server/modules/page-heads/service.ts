import LRUCache from 'lru-cache'
import type { Locale } from '#server/i18n/locale.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import { forgetChangedPages, pageCacheKey } from '#server/lib/page-cache.ts'
import type { CatalogueService } from '#server/modules/catalogue/service.ts'
import type { ContentRepository } from '#server/modules/content/repository.ts'
import type { OrdersService } from '#server/modules/orders/service.ts'
import type { ProfileService } from '#server/modules/profile/service.ts'
import { isScreenWithoutAPage } from './app-screens.ts'
import { pageRoutes } from './page-routes.ts'
import type { WebMessages } from './web-messages.ts'
import type { PagePlan } from '#server/lib/web-page.ts'

export type { PageHead } from './resolver.ts'
export { HOME_FAQ, WEB_TEXTS } from './web-texts.ts'

export type { PagePlan }

type Deps = {
  messages: () => Promise<WebMessages>
  catalogue: Pick<CatalogueService, 'category' | 'serviceBySlug' | 'service'>
  content: Pick<ContentRepository, 'page' | 'blogPost' | 'blogCategories'>
  profile: Pick<ProfileService, 'preview'>
  orders: Pick<OrdersService, 'preview'>
  events: DomainEvents
  /** How long a page's head is kept; a change to the data behind it drops it sooner where we are told of one. */
  ttlMs?: number
}

export function createPageHeads({
  messages,
  catalogue,
  content,
  profile,
  orders,
  events,
  ttlMs = 60_000,
}: Deps) {
  const { routes, seenByTheirOwnPeople } = pageRoutes({ catalogue, content, profile, orders })

  const cache = new LRUCache<string, PagePlan>({ max: 5_000, ttl: ttlMs })
  forgetChangedPages(events, cache)

  // The catalogs are read once, when the first public page is asked for.
  let loadedMessages: Promise<WebMessages> | undefined
  async function resolve(pathname: string, locale: Locale, origin: string): Promise<PagePlan> {
    // Before the public pages: a member's screen such as /account would otherwise be read as a category.
    if (isScreenWithoutAPage(pathname)) return { kind: 'shell' }
    const route = routes.find(([pattern]) => pattern.test(pathname))
    if (!route) return { kind: 'missing', sameForEveryone: true }
    const [pattern, resolver] = route
    const text = await (loadedMessages ??= messages())
    const head = await resolver(pathname.match(pattern)!, {
      locale,
      origin,
      text: (source) => text(locale, source),
    })
    if (head) return { kind: 'page', head }
    return { kind: 'missing', sameForEveryone: !seenByTheirOwnPeople.has(resolver) }
  }

  return {
    /**
     * How to answer an address in a language: a public page with its head, a missing page, or a screen the app
     * draws in the browser. Kept for a minute; a change we are told of drops it sooner.
     */
    async pageFor(pathname: string, locale: Locale, origin: string): Promise<PagePlan> {
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
      const key = pageCacheKey(origin, locale, path)
      const cached = cache.get(key)
      if (cached) return cached
      const plan = await resolve(path, locale, origin)
      cache.set(key, plan)
      return plan
    },
    /** Forgets every kept head (tests, and after a content change made outside the app). */
    clear: () => cache.clear(),
  }
}
export type PageHeads = ReturnType<typeof createPageHeads>
