import { describe, expect, it } from 'vitest'
import { canEnter, ROUTE_NAMES, type RouteName, type Visitor } from '#src/lib/route-guard.ts'

// Spec section 6 as a table: for every route, who gets in. Anything not allowed is sent to `/`.
const EXPECTED: Record<RouteName, Record<Visitor, boolean>> = {
  home: { guest: true, customer: true, executor: true },
  signup: { guest: true, customer: true, executor: true },
  graduates: { guest: true, customer: true, executor: true },
  account: { guest: false, customer: true, executor: true },
  orders: { guest: true, customer: true, executor: true },
  orders_map: { guest: false, customer: true, executor: true },
  orders_today: { guest: false, customer: false, executor: true },
  'order.view': { guest: true, customer: true, executor: true },
  direct_order: { guest: false, customer: true, executor: true },
  direct_order_view: { guest: false, customer: true, executor: true },
  'order.index': { guest: true, customer: true, executor: false },
  'order.create': { guest: true, customer: true, executor: false },
  'order.update': { guest: true, customer: true, executor: false },
  profile: { guest: true, customer: true, executor: true },
  to_profile: { guest: true, customer: true, executor: true },
  feedbacks: { guest: true, customer: true, executor: true },
  executors: { guest: true, customer: true, executor: true },
  wallet: { guest: false, customer: true, executor: true },
  wallet_success: { guest: false, customer: true, executor: true },
  wallet_failed: { guest: false, customer: true, executor: true },
  bonus: { guest: false, customer: true, executor: true },
  support: { guest: true, customer: true, executor: true },
  notifications: { guest: false, customer: true, executor: true },
  chats: { guest: false, customer: true, executor: true },
  about: { guest: true, customer: true, executor: true },
  contact: { guest: true, customer: true, executor: true },
  faq: { guest: true, customer: true, executor: true },
  usage: { guest: true, customer: true, executor: true },
  forcustomers: { guest: false, customer: true, executor: true },
  patent: { guest: true, customer: true, executor: true },
  termsofuse: { guest: true, customer: true, executor: true },
  legal: { guest: true, customer: true, executor: true },
  legal_view: { guest: true, customer: true, executor: true },
  blog: { guest: true, customer: true, executor: true },
  blog_category: { guest: true, customer: true, executor: true },
  blog_item: { guest: true, customer: true, executor: true },
  post: { guest: true, customer: true, executor: true },
  services: { guest: true, customer: true, executor: true },
  'services-all': { guest: true, customer: true, executor: true },
  admin: { guest: false, customer: true, executor: true },
  admin_audit: { guest: false, customer: true, executor: true },
  admin_services: { guest: false, customer: true, executor: true },
  admin_reviews: { guest: false, customer: true, executor: true },
  admin_content: { guest: false, customer: true, executor: true },
  admin_reports: { guest: false, customer: true, executor: true },
  '404': { guest: true, customer: true, executor: true },
}

describe('the navigation guard', () => {
  it('covers every route of the app', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ROUTE_NAMES].sort())
  })

  for (const name of ROUTE_NAMES) {
    for (const visitor of ['guest', 'customer', 'executor'] as const) {
      const allowed = EXPECTED[name][visitor]
      it(`${allowed ? 'lets' : 'sends'} a ${visitor} ${allowed ? 'into' : 'away from'} ${name}`, () => {
        expect(canEnter(name, visitor)).toBe(allowed)
      })
    }
  }
})
