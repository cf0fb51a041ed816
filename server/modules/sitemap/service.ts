import { DEFAULT_LOCALE, HREFLANG, LOCALES } from '#server/i18n/locale.ts'
import type { SitemapRepository } from './repository.ts'

/** The sitemaps.org limit of URLs in one file. */
export const SITEMAP_URLS_MAX = 50_000
const KEYSET_ID_MAX = 2_147_483_647

/**
 * The web app's routes a guest may not open (`canEnter(…, 'guest')` is false in src/lib/route-guard.ts), by the
 * path they start with. The server keeps its own copy (the guard imports the browser's router); a test checks it
 * against the guard and src/routes.
 */
export const PRIVATE_ROUTES = [
  '/account',
  '/admin',
  '/bonus',
  '/chats',
  '/direct/order',
  '/forcustomers',
  '/notifications',
  '/orders/map',
  '/orders/today',
  '/wallet',
] as const

/** The screens of the app anyone may open that have no row of their own. */
const SCREENS = ['/', '/services-all', '/executors', '/blog', '/legal']
/** The information pages (content_pages of kind `page`) a guest may open: /forcustomers is for members. */
const INFORMATION_PAGES = ['about', 'contact', 'faq', 'usage', 'patent', 'termsofuse']

/** The short lists, split into numbered files; the long ones (`KEYSET_KINDS`) by the id the file starts after. */
const NUMBERED_KINDS = ['pages', 'categories', 'blog'] as const
const KEYSET_KINDS = ['services', 'profiles'] as const
type NumberedKind = (typeof NUMBERED_KINDS)[number]
type KeysetKind = (typeof KEYSET_KINDS)[number]

type Page = { path: string; lastmod?: Date }

const FILE = /^(pages|categories|blog)-([1-9]\d{0,5})\.xml$|^(services|profiles)-after-(0|[1-9]\d{0,9})\.xml$/

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!)

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

type Deps = {
  repo: SitemapRepository
  /** The site's address (config PUBLIC_URL, without a trailing slash). */
  publicUrl: string
  /** URLs in one file; the sitemaps.org limit unless a test splits sooner. */
  urlsPerFile?: number
}

/** `/robots.txt`: everything but the API and the private routes, and where the sitemap is. */
function robotsTxt(publicUrl: string) {
  // `$`, `/` and `?` after each path: a prefix alone would also shut out a category slug that starts the same.
  const privateLines = PRIVATE_ROUTES.flatMap((path) => [
    `Disallow: ${path}$`,
    `Disallow: ${path}/`,
    `Disallow: ${path}?`,
  ])
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...privateLines,
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/**
 * `/sitemap.xml` (an index of files), its files and `/robots.txt`. Each page is listed once per language, at the
 * address the page heads name it by (`?lang=` beside the path, none for the default language), with the other
 * languages and `x-default` as alternates.
 */
export function createSitemapService({ repo, publicUrl, urlsPerFile = SITEMAP_URLS_MAX }: Deps) {
  const pagesPerFile = Math.max(1, Math.floor(Math.min(urlsPerFile, SITEMAP_URLS_MAX) / LOCALES.length))
  const addressIn = (path: string, locale: string) =>
    `${publicUrl}${path}${locale === DEFAULT_LOCALE ? '' : `?lang=${locale}`}`

  async function numbered(kind: NumberedKind): Promise<Page[]> {
    if (kind === 'categories')
      return (await repo.categorySlugs()).map((slug) => ({ path: `/${slug}/services` }))
    if (kind === 'blog')
      return (await repo.blogPosts()).map((post) => ({
        path: `/blog/${post.slug}`,
        lastmod: post.publishedAt ?? undefined,
      }))
    const [pages, legal] = await Promise.all([repo.contentSlugs('page'), repo.contentSlugs('legal')])
    return [
      ...SCREENS.map((path) => ({ path })),
      ...INFORMATION_PAGES.filter((slug) => pages.includes(slug)).map((slug) => ({ path: `/${slug}` })),
      ...legal.map((slug) => ({ path: `/legal/${slug}` })),
    ]
  }

  async function keyset(kind: KeysetKind, afterId: number): Promise<Page[]> {
    if (kind === 'profiles')
      return (await repo.profilesAfter(afterId, pagesPerFile)).map((row) => ({
        path: `/profile/${row.slug}`,
        lastmod: row.updatedAt,
      }))
    // A service's page is its order flow: /{category}/{parent}/{service}, as the catalogue links it.
    return (await repo.servicesAfter(afterId, pagesPerFile)).map((row) => ({
      path: `/${[row.categorySlug, row.parentSlug, row.slug].filter(Boolean).join('/')}`,
    }))
  }

  const urlset = (pages: Page[]) => {
    const entries = pages.flatMap((page) => {
      const alternates = [
        ...LOCALES.map(
          (other) =>
            `<xhtml:link rel="alternate" hreflang="${HREFLANG[other]}" href="${escapeXml(addressIn(page.path, other))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(addressIn(page.path, DEFAULT_LOCALE))}"/>`,
      ].join('')
      const lastmod = page.lastmod ? `<lastmod>${escapeXml(page.lastmod.toISOString())}</lastmod>` : ''
      return LOCALES.map(
        (locale) => `<url><loc>${escapeXml(addressIn(page.path, locale))}</loc>${lastmod}${alternates}</url>`,
      )
    })
    return [
      XML_DECLARATION,
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n')
  }

  return {
    /** The names of the sitemap files there are now (none for an empty list: a file holds at least one URL). */
    async files(): Promise<string[]> {
      const [short, long] = await Promise.all([
        Promise.all(NUMBERED_KINDS.map(async (kind) => ({ kind, count: (await numbered(kind)).length }))),
        Promise.all(
          KEYSET_KINDS.map(async (kind) => ({ kind, ...(await repo.boundaries(kind, pagesPerFile)) })),
        ),
      ])
      return [
        ...short.flatMap(({ kind, count }) =>
          Array.from({ length: Math.ceil(count / pagesPerFile) }, (_, i) => `${kind}-${i + 1}.xml`),
        ),
        ...long.flatMap(({ kind, ends, total }) => {
          // A file starts after the last id of the one before; a full last file has no file after it.
          const starts = [0, ...ends].slice(0, Math.ceil(total / pagesPerFile))
          return starts.map((afterId) => `${kind}-after-${afterId}.xml`)
        }),
      ]
    },

    async index() {
      const files = await this.files()
      return [
        XML_DECLARATION,
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...files.map((file) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${file}`)}</loc></sitemap>`),
        '</sitemapindex>',
        '',
      ].join('\n')
    },

    /** A sitemap file by its name after `sitemap-`, or undefined for a file there is not (a 404). */
    async file(name: string): Promise<string | undefined> {
      const match = FILE.exec(name)
      if (!match) return undefined
      let pages: Page[]
      if (match[1]) {
        const start = (Number(match[2]) - 1) * pagesPerFile
        pages = (await numbered(match[1] as NumberedKind)).slice(start, start + pagesPerFile)
      } else {
        const afterId = Number(match[4])
        if (afterId > KEYSET_ID_MAX) return undefined
        pages = await keyset(match[3] as KeysetKind, afterId)
      }
      return pages.length === 0 ? undefined : urlset(pages)
    },

    robots: () => robotsTxt(publicUrl),
  }
}
export type SitemapService = ReturnType<typeof createSitemapService>
