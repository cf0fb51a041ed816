import type { Locale } from './locale-list.ts'

/**
 * What the server's renderer (src/entry-server.tsx) tells the app while it renders one page: the page's language
 * and address, the data each screen asks for, and a way to ask the API inside the server's own process. The
 * renderer renders one page at a time, so one module variable holds it; in the browser it is always null.
 */
export type ServerRender = {
  locale: Locale
  origin: string
  /** Answers already read, by `useSaved` key: the renderer renders again with them. */
  answers: Map<string, FirstAnswer>
  /** Keys a screen asked for that have no answer yet, with the call that reads each. */
  wanted: Map<string, () => Promise<unknown>>
  fetch: (request: Request) => Promise<Response>
  /** A screen drew the 404 page: the server answers the page with that status. */
  notFound?: boolean
  /** The moment the page is drawn at (ms): every screen's "now" while it renders. */
  now: number
}

/** A screen's first data as the server read it: the answer, or the failure the screen shows (a 404 page). */
export type FirstAnswer = { data: unknown } | { failed: true }

let current: ServerRender | null = null

export const serverRender = () => current

export function setServerRender(render: ServerRender | null) {
  current = render
}

/** The id of the element that carries the first answers from the server's HTML to the app's first render. */
export const FIRST_ANSWERS_ID = 'first-answers'

let fromPage: Map<string, FirstAnswer> | undefined

/**
 * The answer a screen got on the server, for the first render in the browser to draw the very same content (so
 * the page hydrates without a change). The element is a JSON data block, which the CSP lets the page read.
 */
export function firstAnswer(key: string): FirstAnswer | undefined {
  if (current) return current.answers.get(key)
  if (typeof document === 'undefined') return undefined
  if (!fromPage) {
    const text = document.getElementById(FIRST_ANSWERS_ID)?.textContent
    fromPage = new Map(text ? (Object.entries(JSON.parse(text)) as [string, FirstAnswer][]) : [])
  }
  return fromPage.get(key)
}

/** The key under which the first answers carry the moment the server drew the page (src/lib/page-now.ts). */
export const DRAWN_AT_KEY = 'page:drawn-at'

/** The site's address: the page's own in the browser, the request's on the server. */
export const siteOrigin = () => current?.origin ?? window.location.origin
