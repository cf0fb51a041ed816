import { redirect } from '@tanstack/react-router'
import type { UserType } from '#contract/schemas/profile.ts'
import { askToOrderAsCustomer } from './mode-notice.ts'
import { useSession } from './session-store.ts'

/** Route names of the spec; the guard speaks in these, the route files map them to paths. */
export const ROUTE_NAMES = [
  'home',
  'signup',
  'graduates',
  'account',
  'orders',
  'orders_map',
  // The specialist's day (docs/decisions/031): their accepted jobs, for executor mode only.
  'orders_today',
  'order.view',
  'direct_order',
  'direct_order_view',
  'order.index',
  'order.create',
  'order.update',
  'profile',
  'to_profile',
  'feedbacks',
  'executors',
  'wallet',
  'wallet_success',
  'wallet_failed',
  'bonus',
  'support',
  'notifications',
  'chats',
  'about',
  'contact',
  'faq',
  'usage',
  'forcustomers',
  'patent',
  'termsofuse',
  'legal',
  'legal_view',
  'blog',
  'blog_category',
  'blog_item',
  'post',
  'services',
  'services-all',
  // The moderation console (docs/decisions/028): members only here; the route itself shows it to moderators alone.
  'admin',
  'admin_audit',
  'admin_services',
  'admin_reviews',
  'admin_content',
  'admin_reports',
  '404',
] as const
export type RouteName = (typeof ROUTE_NAMES)[number]
export type Visitor = 'guest' | UserType

// Spec section 6, word for word. `profile` here is the public specialist profile (/profile/{slug}); the own
// profile at /account needs a login (docs/decisions/003-web-app-shell.md).
const PUBLIC: ReadonlySet<RouteName> = new Set<RouteName>([
  'home',
  'support',
  'legal',
  'legal_view',
  'faq',
  'blog',
  'blog_category',
  'blog_item',
  'post',
  'about',
  'contact',
  'order.index',
  'order.create',
  'executors',
  'services',
  'services-all',
  'usage',
  'signup',
  // The graduates' tariff page (issue 14): an offer anyone may read; checking a code needs a login.
  'graduates',
  'patent',
  'termsofuse',
  '404',
  'profile',
  'to_profile',
  'feedbacks',
])
const ORDER_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'order.index',
  'order.create',
  'order.update',
  'order.view',
])

/** Whether a visitor may open a route; a refused one is sent to `/`. */
export function canEnter(name: RouteName, visitor: Visitor): boolean {
  if (name === 'orders') return true
  if (name === 'orders_today') return visitor === 'executor'
  if (ORDER_ROUTES.has(name)) return visitor !== 'executor' || name === 'order.view'
  if (PUBLIC.has(name)) return true
  return visitor !== 'guest'
}

export function currentVisitor(): Visitor {
  const { token, profile } = useSession.getState()
  if (!token) return 'guest'
  return profile?.type ?? 'customer'
}

/**
 * `beforeLoad` of a route. A route guard only spares people screens they cannot use: the server authorizes every
 * request anyway.
 */
export const guardRoute = (name: RouteName) => (context?: { location: { href: string } }) => {
  const visitor = currentVisitor()
  if (canEnter(name, visitor)) return
  // An executor who picked a service is told why the order flow is closed to them, and offered a way in.
  if (visitor === 'executor' && ORDER_ROUTES.has(name) && context) askToOrderAsCustomer(context.location.href)
  // A guest is asked to log in, and brought back to the page they wanted once they have (auth/return-to.ts checks
  // that the address is a path of this site before going there).
  throw redirect({
    to: '/',
    search: visitor === 'guest' ? { modal: 'login', redirect: context?.location.href } : {},
    replace: true,
  })
}
