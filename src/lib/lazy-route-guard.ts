import type * as RouteGuard from './route-guard.ts'
import type { RouteName } from './route-guard.ts'

let loaded: typeof RouteGuard | undefined

/** The guard's code: fetched when a route other than `/` is first entered (src/boot.ts), or after the first load. */
export const loadRouteGuard = () => import('./route-guard.ts').then((module) => (loaded = module))

/**
 * `beforeLoad` of a route (lib/route-guard.ts). The first load of `/` leaves the guard out (the home page is open to
 * everyone); once its code is here, a route is guarded at once, as before. A `beforeLoad` that calls it among other
 * checks returns (or awaits) what it returns: until the code is here the refusal comes as a rejected promise.
 */
export const guardRoute =
  (name: RouteName) =>
  (context?: { location: { href: string } }): void | Promise<void> =>
    loaded
      ? loaded.guardRoute(name)(context)
      : loadRouteGuard().then((module) => module.guardRoute(name)(context))
