import { DRAWN_AT_KEY, firstAnswer, serverRender } from './server-render.ts'

/** What the server's page carries under DRAWN_AT_KEY: when it was drawn (ms) and the path it was drawn for. */
type Drawn = { at: number; path: string }

/**
 * "Now" for what a screen draws from the clock (today's date, a calendar's weeks): on the server the moment it
 * draws the page, and in the browser, on the page it drew, that same moment. The server keeps a page for a minute,
 * which may cross a midnight: the first render must still draw the server's days to take its HTML over. Once the
 * visitor has gone to another address, it is the device's clock.
 */
export function pageNow(): Date {
  const render = serverRender()
  if (render) return new Date(render.now)
  if (typeof window === 'undefined') return new Date()
  const answer = firstAnswer(DRAWN_AT_KEY)
  const drawn = answer && 'data' in answer ? (answer.data as Drawn) : undefined
  return drawn && drawn.path === window.location.pathname ? new Date(drawn.at) : new Date()
}
