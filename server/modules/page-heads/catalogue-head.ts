// The heads of the catalogue's own pages: /{category}, /{category}/services and the order flow of a service; and
// which first segments of an address are the app's screens rather than a category.
import type { CatalogueService } from '#server/modules/catalogue/service.ts'
import { breadcrumbs } from './json-ld.ts'
import { home, squeeze, unlessMissing, type Resolver } from './resolver.ts'
import { WEB_TEXTS } from './web-texts.ts'

// Public information pages; /forcustomers is for members only (spec section 6), so it has no head of its own.
export const INFORMATION_PAGES = [
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
  'admin',
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
const FORMS = new Set(['select', 'work-place'])

/** /{category}, /{category}/services and the order flow of a service: the catalogue's own pages. */
export const catalogueHead =
  (catalogue: Pick<CatalogueService, 'category' | 'serviceBySlug'>): Resolver =>
  async (match, context) => {
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
