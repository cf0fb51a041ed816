import LRUCache from 'lru-cache'
import { MAX_ID } from '#contract/schemas/bounds.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import { HREFLANG, type Locale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import { forgetChangedPages, pageCacheKey } from '#server/lib/page-cache.ts'
import type { CatalogueService } from '#server/modules/catalogue/service.ts'
import type { ContentRepository } from '#server/modules/content/repository.ts'
import type { OrdersService } from '#server/modules/orders/service.ts'
import { previewDescription, previewTitle } from '#server/modules/profile/preview-text.ts'
import type { ProfileService } from '#server/modules/profile/service.ts'
import { isScreenWithoutAPage } from './app-screens.ts'
import { article, breadcrumbs, faqPage, organization, person, type JsonLd } from './json-ld.ts'
import type { WebMessages } from './web-messages.ts'
import type { PageHead, PagePlan } from '#server/lib/web-page.ts'

export type { PageHead, PagePlan }

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

type Context = { locale: Locale; origin: string; text: (source: string) => string }
type Resolver = (match: RegExpMatchArray, context: Context) => Promise<PageHead | undefined>

const DESCRIPTION_MAX = 200
const inLocale = (text: Localized | null | undefined, locale: Locale) => (text ? text[locale] || text.ru : '')
const squeeze = (text: string) => {
  const flat = text
    .replace(/[#*_>`[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX).replace(/\s+\S*$/, '')}…`
}
/** Data a head can do without (the service an order is of): any failure leaves it out. */
const orNothing = <T>(promise: Promise<T>) => promise.catch(() => undefined)
/**
 * A `not_found` from a service means the page shows its 404. Any other failure (the database is away) is not an
 * answer about the page: it goes up, and the visitor gets the plain shell rather than a 404 of a page that exists.
 */
const unlessMissing = <T>(promise: Promise<T>) =>
  promise.catch((error: unknown) => {
    if (error instanceof AppError && error.type === 'not_found') return undefined
    throw error
  })

/** The web app's own texts these heads repeat (English sources of its Lingui catalogs; a test checks each is translated). */
export const WEB_TEXTS = {
  homeTitle: 'Services marketplace in Uzbekistan',
  homeDescription:
    'Post an order for free and get replies from specialists in 10–20 minutes: cleaning, tutors, repairs, lawyers.',
  allServices: 'All services',
  allServicesDescription:
    'Every service of the marketplace by category: choose one to post an order for free.',
  specialists: 'Specialists',
  specialistsDescription:
    'Specialists in Uzbekistan: find one by service and district, compare ratings, reviews and prices.',
  openOrders: 'Open orders',
  openOrdersDescription: 'Orders for services in Uzbekistan: filter by service, price, date and place.',
  signup: 'Become a specialist',
  signupDescription:
    'Register here in the app, or through our Telegram bot, which also sends you new orders as notifications.',
  graduates: 'For graduates of the training centre',
  graduatesDescription:
    "Finished a course at our training centre? Take a specialist's plan on graduates' terms.",
  legal: 'Legal documents',
  legalDescription: 'The rules, agreements and policies of the Fika service.',
  blog: 'Blog',
  blogDescription: 'Articles for customers and specialists: how to order, how to choose, how to earn more.',
  reviewsOf: 'Reviews of {name}',
  reviewsDescription: 'What customers say about the work of this specialist on Fika.',
  order: 'Order on Fika',
} as const

// The home page's FAQ block (src/features/home/components/faq-block.tsx), in its English source texts.
export const HOME_FAQ = [
  [
    'How much does it cost to post an order?',
    'Nothing: posting an order and getting replies is free for customers.',
  ],
  ['How fast do specialists reply?', 'Usually within 10–20 minutes after the order is published.'],
  [
    'How do I pay the specialist?',
    'Directly, in the way you agree in the chat: cash, card transfer or a payment app.',
  ],
  [
    'Can I trust the specialists?',
    'Look at their ratings, reviews and verification badge; reviews come only from completed orders.',
  ],
  [
    'How do I become a specialist?',
    'Register through our Telegram bot, fill in your profile and start replying to orders.',
  ],
] as const

/** `## Question` then its answer: how the seeded /faq page is written. */
function faqItemsOf(markdown: string) {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((part) => {
      const [question = '', ...answer] = part.split('\n')
      return { question: question.trim(), answer: answer.join(' ').replace(/\s+/g, ' ').trim() }
    })
    .filter((item) => item.question && item.answer)
}

// Public information pages; /forcustomers is for members only (spec section 6), so it has no head of its own.
const INFORMATION_PAGES = [
  'about',
  'contact',
  'faq',
  'usage',
  'patent',
  'termsofuse',
  'forcustomers',
  'support',
]
// Screens of the app that are not a category slug (src/routes): /{slug} is a category only when it is none of these.
const APP_SEGMENTS = new Set([
  ...INFORMATION_PAGES,
  'forcustomers',
  'account',
  'blog',
  'bonus',
  'chats',
  'direct',
  'executors',
  'feedbacks',
  'graduates',
  'legal',
  'notifications',
  'order',
  'orders',
  'post',
  'profile',
  'services-all',
  'signup',
  'to-profile',
  'wallet',
  'api',
  '404',
])
const SLUG = '([a-z0-9]+(?:-[a-z0-9]+)*)'
const FORMS = new Set(['select', 'work-place'])

// NOTE: over 120 lines: one resolver per public page kind and its table; it splits into resolver files in issue 32.
export function createPageHeads({
  messages,
  catalogue,
  content,
  profile,
  orders,
  events,
  ttlMs = 60_000,
}: Deps) {
  const home = (context: Context) => ({ name: 'Fika', url: `${context.origin}/` })

  const screen =
    (title: string, description: string, extra?: (context: Context) => JsonLd[]): Resolver =>
    async (match, context) => ({
      title: context.text(title),
      description: context.text(description),
      canonicalPath: match[0],
      type: 'website',
      jsonLd: extra?.(context) ?? [],
    })

  const contentPage =
    (kind: 'page' | 'legal'): Resolver =>
    async (match, context) => {
      const slug = match[1]!
      const row = await content.page(kind, slug)
      if (!row) return undefined
      const body = inLocale(row.body, context.locale)
      return {
        title: inLocale(row.title, context.locale),
        description: squeeze(inLocale(row.description, context.locale) || body),
        canonicalPath: match[0],
        type: 'website',
        jsonLd: slug === 'faq' && kind === 'page' ? [faqPage(faqItemsOf(body))] : [],
      }
    }

  const blogPost: Resolver = async (match, context) => {
    const found = await content.blogPost(match[1]!)
    if (!found) return undefined
    const { post } = found
    const canonicalPath = `/blog/${post.slug}`
    const headline = inLocale(post.title, context.locale)
    const description = squeeze(inLocale(post.description, context.locale))
    return {
      title: headline,
      description,
      canonicalPath,
      type: 'article',
      jsonLd: [
        article({
          headline,
          description,
          url: `${context.origin}${canonicalPath}`,
          publishedAt: post.publishedAt,
          language: HREFLANG[context.locale],
        }),
      ],
    }
  }

  const blogCategory: Resolver = async (match, context) => {
    const category = (await content.blogCategories()).find((row) => row.slug === match[1])
    if (!category) return undefined
    return {
      title: inLocale(category.name, context.locale),
      description: context.text(WEB_TEXTS.blogDescription),
      canonicalPath: match[0],
      type: 'website',
      jsonLd: [],
    }
  }

  const publicProfile: Resolver = async (match, context) => {
    const found = await profile.preview(match[1]!, context.locale)
    if (!found) return undefined
    const canonicalPath = `/profile/${found.slug}`
    const imageUrl = `${context.origin}${found.avatar ?? '/icons/icon-512.png'}`
    const description = previewDescription(found, context.locale)
    return {
      title: previewTitle(found, context.locale),
      description,
      canonicalPath,
      imageUrl,
      type: 'profile',
      jsonLd: [
        person({
          name: found.name,
          url: `${context.origin}${canonicalPath}`,
          image: found.avatar ? imageUrl : null,
          services: found.services,
          description: found.about ? squeeze(found.about) : '',
          rating: found.rating,
          reviewsCount: found.reviewsCount,
        }),
      ],
    }
  }

  const reviews: Resolver = async (match, context) => {
    const found = await profile.preview(match[1]!, context.locale)
    if (!found) return undefined
    return {
      title: context.text(WEB_TEXTS.reviewsOf).replace('{name}', found.name),
      description: context.text(WEB_TEXTS.reviewsDescription),
      canonicalPath: match[0],
      type: 'website',
      jsonLd: [],
    }
  }

  const order: Resolver = async (match, context) => {
    const id = Number(match[1])
    const found = id <= MAX_ID ? await unlessMissing(orders.preview(id)) : undefined
    if (!found) return undefined
    const service = found.services[0]
      ? await orNothing(catalogue.service(found.services[0], context.locale))
      : undefined
    const about = [service?.name, found.description].filter(Boolean).join('. ')
    return {
      title: found.name,
      description: squeeze(about || context.text(WEB_TEXTS.order)),
      canonicalPath: match[0],
      ...(found.photos[0] && { imageUrl: new URL(found.photos[0], context.origin).href }),
      type: 'website',
      jsonLd: [],
    }
  }

  /** /{category}, /{category}/services and the order flow of a service: the catalogue's own pages. */
  const catalogue_: Resolver = async (match, context) => {
    const [categorySlug = '', ...rest] = match[0].slice(1).split('/')
    if (APP_SEGMENTS.has(categorySlug)) return undefined
    const category = await unlessMissing(catalogue.category(categorySlug, context.locale))
    if (!category) return undefined
    const categoryStep = { name: category.name, url: `${context.origin}/${category.slug}` }
    if (rest.length === 0 || (rest.length === 1 && rest[0] === 'services')) {
      return {
        title: category.name,
        description: squeeze(category.subtitle ?? category.name),
        canonicalPath: match[0],
        ...(category.image && { imageUrl: new URL(category.image.path, context.origin).href }),
        type: 'website',
        jsonLd: [breadcrumbs([home(context), categoryStep])],
      }
    }
    const serviceSlugs = rest.length > 1 && FORMS.has(rest.at(-1)!) ? rest.slice(0, -1) : rest
    const service = await unlessMissing(
      catalogue.serviceBySlug(category.slug, serviceSlugs.at(-1)!, context.locale),
    )
    if (!service) return undefined
    return {
      title: service.name,
      description: squeeze(`${service.name}. ${category.name}. ${context.text(WEB_TEXTS.order)}`),
      canonicalPath: match[0],
      type: 'website',
      jsonLd: [
        breadcrumbs([
          home(context),
          categoryStep,
          { name: service.name, url: `${context.origin}${match[0]}` },
        ]),
      ],
    }
  }

  const ROUTES: [RegExp, Resolver][] = [
    [
      /^\/$/,
      screen(WEB_TEXTS.homeTitle, WEB_TEXTS.homeDescription, (context) => [
        organization(context.origin, context.text(WEB_TEXTS.homeDescription)),
        faqPage(
          HOME_FAQ.map(([question, answer]) => ({
            question: context.text(question),
            answer: context.text(answer),
          })),
        ),
      ]),
    ],
    [
      /^\/services-all$/,
      screen(WEB_TEXTS.allServices, WEB_TEXTS.allServicesDescription, (context) => [
        breadcrumbs([
          home(context),
          { name: context.text(WEB_TEXTS.allServices), url: `${context.origin}/services-all` },
        ]),
      ]),
    ],
    [/^\/executors$/, screen(WEB_TEXTS.specialists, WEB_TEXTS.specialistsDescription)],
    [/^\/orders$/, screen(WEB_TEXTS.openOrders, WEB_TEXTS.openOrdersDescription)],
    [/^\/signup$/, screen(WEB_TEXTS.signup, WEB_TEXTS.signupDescription)],
    [/^\/graduates$/, screen(WEB_TEXTS.graduates, WEB_TEXTS.graduatesDescription)],
    [/^\/legal$/, screen(WEB_TEXTS.legal, WEB_TEXTS.legalDescription)],
    [/^\/blog$/, screen(WEB_TEXTS.blog, WEB_TEXTS.blogDescription)],
    [new RegExp(`^/(${INFORMATION_PAGES.join('|')})$`), contentPage('page')],
    [new RegExp(`^/legal/${SLUG}$`), contentPage('legal')],
    [new RegExp(`^/blog/category/${SLUG}$`), blogCategory],
    [new RegExp(`^/(?:blog|post)/${SLUG}$`), blogPost],
    [new RegExp(`^/profile/${SLUG}$`), publicProfile],
    [/^\/feedbacks\/(\d{1,10})$/, reviews],
    [/^\/order\/(\d{1,10})$/, order],
    [new RegExp(`^/${SLUG}(?:/${SLUG})*$`), catalogue_],
  ]

  // A guest not finding these may still be their own people's to open: an order's parties, a customer's specialists.
  const SEEN_BY_THEIR_OWN_PEOPLE = new Set<Resolver>([publicProfile, reviews, order])

  const cache = new LRUCache<string, PagePlan>({ max: 5_000, ttl: ttlMs })
  forgetChangedPages(events, cache)

  // The catalogs are read once, when the first public page is asked for.
  let loadedMessages: Promise<WebMessages> | undefined
  async function resolve(pathname: string, locale: Locale, origin: string): Promise<PagePlan> {
    // Before the public pages: a member's screen such as /account would otherwise be read as a category.
    if (isScreenWithoutAPage(pathname)) return { kind: 'shell' }
    const route = ROUTES.find(([pattern]) => pattern.test(pathname))
    if (!route) return { kind: 'missing', sameForEveryone: true }
    const [pattern, resolver] = route
    const text = await (loadedMessages ??= messages())
    const head = await resolver(pathname.match(pattern)!, {
      locale,
      origin,
      text: (source) => text(locale, source),
    })
    if (head) return { kind: 'page', head }
    return { kind: 'missing', sameForEveryone: !SEEN_BY_THEIR_OWN_PEOPLE.has(resolver) }
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
