/**
 * What the server sends for an address of the web app before any script runs: a public page's head, the plan for
 * an address (a page, a missing one, or the plain shell) and the page the app's screens drew. The page-heads and
 * page-render areas make them; the web-app plugin writes them into the shell.
 */
/** schema.org structured data for the pages that have a fitting type (https://schema.org). */
export type JsonLd = Record<string, unknown>

/** What a public page tells search engines and link previews before any script runs. */
export type PageHead = {
  title: string
  description: string
  /** The page's one address (a profile by id and by slug is one page), without the language. */
  canonicalPath: string
  /** An absolute picture for the card a shared link shows. */
  imageUrl?: string
  type: 'website' | 'profile' | 'article'
  jsonLd: JsonLd[]
}

/** How the server answers an address of the web app before any script runs. */
export type PagePlan =
  /** A public page that exists: its own head, and drawn on the server. */
  | { kind: 'page'; head: PageHead }
  /**
   * No such page: a 404 that search engines leave out. `sameForEveryone` when a guest's 404 is everyone's (a post,
   * a category, an address the app has no screen for), so the server may draw the app's 404 screen; an order or a
   * profile a guest may not see can still be the signed-in visitor's own, so the app decides in the browser.
   */
  | { kind: 'missing'; sameForEveryone: boolean }
  /** A screen of the app with no public page (app-screens.ts): the plain shell. */
  | { kind: 'shell' }

/** A public page as the web app's own screens draw it (src/entry-server.tsx). */
export type RenderedPage = {
  html: string
  answers: Record<string, unknown>
  status: number
  /** The ids of the routes that drew the page, from the root down. */
  routes: string[]
}
