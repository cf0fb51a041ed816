/**
 * The server's renderer of public pages (docs/decisions/018-public-pages-rendered-on-the-server.md): the same
 * routes and screens as the browser, rendered to HTML in the visitor's language with the data each screen asks for.
 * Built by `vite build --ssr` into dist-ssr/ and loaded by server/modules/page-render.
 */
import { i18n, type Messages } from '@lingui/core'
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { AppRoot } from './app-root.tsx'
import { ApiError } from './lib/api-client.ts'
import { LOCALES, type Locale } from './lib/locale.ts'
import { DRAWN_AT_KEY, setServerRender, type FirstAnswer, type ServerRender } from './lib/server-render.ts'
import { routeTree } from './route-tree.gen.ts'

type Catalog = { messages: Messages }

// Every catalog of every feature and the shared pieces' later words (lingui.config.ts), in every language, read
// once when the server starts: a page in any language renders without waiting for a file.
const APP_CATALOGS = import.meta.glob<Catalog>('./locales/*/messages.po', { eager: true })
const FEATURE_CATALOGS = import.meta.glob<Catalog>(
  ['./features/*/locales/*.po', './components/locales/*.po'],
  { eager: true },
)

const messagesOf = (locale: Locale): Messages => {
  const merged: Messages = { ...APP_CATALOGS[`./locales/${locale}/messages.po`]!.messages }
  for (const [path, catalog] of Object.entries(FEATURE_CATALOGS))
    if (path.endsWith(`/locales/${locale}.po`)) Object.assign(merged, catalog.messages)
  return merged
}
const ALL_MESSAGES = Object.fromEntries(LOCALES.map((locale) => [locale, messagesOf(locale)]))
for (const locale of LOCALES) i18n.load(locale, ALL_MESSAGES[locale]!)

/** How many times a page is rendered at most: each pass reads the data the screens asked for in the one before. */
const MAX_PASSES = 4

export type RenderedPage = {
  /** The markup of `#root`. */
  html: string
  /** What each screen read, by its `useSaved` key: the browser's first render draws from it. */
  answers: Record<string, FirstAnswer>
  /** 404 when the page's route or its data does not exist. */
  status: number
  /** The ids of the routes that drew it, from the root down: the server links their styles in the head. */
  routes: string[]
}

export type RenderInput = {
  /** Path and query of the page. */
  url: string
  locale: Locale
  origin: string
  /** Asks the API in the server's own process. */
  fetch: (request: Request) => Promise<Response>
}

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}

// One page at a time: the language, the router's state and the answers are the module's for that time.
let queue: Promise<unknown> = Promise.resolve()

export function renderPage(input: RenderInput): Promise<RenderedPage> {
  const rendered = queue.then(() => renderNow(input))
  queue = rendered.catch(() => undefined)
  return rendered
}

// A part left to the browser: a boundary that failed (`<!--$!-->`) or was still waiting (`<!--$?-->`).
const UNFINISHED = /<!--\$[!?]-->/
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/

function finish(
  url: string,
  router: { state: { matches: { status: string; globalNotFound?: boolean; routeId: string }[] } },
  html: string,
  render: ServerRender,
): RenderedPage {
  if (UNFINISHED.test(html)) throw new Error('a part of the page did not render on the server')
  // React puts its preloads (the logo) first; inside #root they are nodes the browser's first render does not draw.
  const content = html.replace(LEADING_PRELOADS, '')
  const notFound =
    render.notFound === true ||
    router.state.matches.some((match) => match.status === 'notFound' || match.globalNotFound)
  return {
    html: content,
    answers: {
      ...Object.fromEntries(render.answers),
      [DRAWN_AT_KEY]: { data: { at: render.now, path: new URL(url, render.origin).pathname } },
    },
    status: notFound ? 404 : 200,
    routes: router.state.matches.map((match) => match.routeId),
  }
}

async function renderNow({ url, locale, origin, fetch }: RenderInput): Promise<RenderedPage> {
  const render: ServerRender = {
    locale,
    origin,
    answers: new Map(),
    wanted: new Map(),
    fetch,
    now: Date.now(),
  }
  setServerRender(render)
  i18n.activate(locale)
  try {
    for (let pass = 1; ; pass++) {
      render.notFound = false
      const router = createRouter({
        routeTree,
        history: createMemoryHistory({ initialEntries: [url] }),
        isServer: true,
      })
      await router.load()
      const app = <AppRoot router={router} />
      // A prerender waits for every lazy part of the page and notes the data its screens ask for. Once nothing
      // is missing, a plain render of what is then all loaded gives the content inline, with no script to move it
      // into place (the CSP allows none, and a crawler runs none).
      const errors: unknown[] = []
      await readAll(
        (await prerenderToNodeStream(app, { onError: (error) => void errors.push(error) })).prelude,
      )
      if (errors.length > 0) throw new AggregateError(errors, `rendering ${url} failed`)
      if (render.wanted.size === 0 || pass === MAX_PASSES)
        return finish(url, router, renderToString(app), render)
      const wanted = [...render.wanted]
      render.wanted.clear()
      await Promise.all(
        wanted.map(async ([key, read]) => {
          // A page whose data does not exist shows its 404 as in the browser; any other failure is the
          // renderer's, and the server answers the plain shell instead.
          const answer = await read().then(
            (data): FirstAnswer => ({ data }),
            (error: unknown): FirstAnswer => {
              if (error instanceof ApiError && error.status >= 400 && error.status < 500)
                return { failed: true }
              throw error
            },
          )
          render.answers.set(key, answer)
        }),
      )
    }
  } finally {
    setServerRender(null)
  }
}
