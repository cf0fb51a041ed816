import type { DomainEvents } from './domain-events.ts'

/** A cache of public pages keyed `origin|language|address`, as the page heads and the page renderer keep them. */
type PageCache = { keys(): Iterable<string>; delete(key: string): unknown }

export const pageCacheKey = (origin: string, locale: string, address: string) =>
  `${origin}|${locale}|${address}`

const pathOf = (key: string) => key.slice(key.indexOf('|', key.indexOf('|') + 1) + 1).split('?', 1)[0]!

/**
 * Forgets the kept pages whose data we are told changed: an order's page follows its status and text; a review
 * (written, hidden or shown again) moves a specialist's rating on their profile and reviews pages; a service added
 * to the catalogue may be on any page. Other changes show within the cache's minute.
 */
export function forgetChangedPages(events: DomainEvents, cache: PageCache) {
  const forget = (changed: (path: string) => boolean) => {
    for (const key of [...cache.keys()]) if (changed(pathOf(key))) cache.delete(key)
  }
  events.subscribe((event) => {
    if (event.type.startsWith('order.') && 'order' in event) {
      const orderPath = `/order/${event.order.id}`
      forget((path) => path === orderPath)
    }
    // The marquee, the blog's lists and the links to the legal documents show on many pages, and such edits are
    // rare: every kept page goes, and each is drawn again once.
    if (event.type === 'content.changed') forget(() => true)
    if (event.type === 'order.reviewed')
      forget((path) => path.startsWith('/profile/') || path.startsWith('/feedbacks/'))
    // A review hidden or shown again by a moderator: that specialist's profile and reviews pages.
    if (event.type === 'review.moderated') {
      const pages = [`/profile/${event.executorSlug}`, `/feedbacks/${event.executorId}`]
      forget((path) => pages.includes(path))
    }
    // A service joined the catalogue (or a proposal was merged into one): every page may list or link it.
    if (event.type === 'service.decided' && event.outcome !== 'rejected') forget(() => true)
  })
}
