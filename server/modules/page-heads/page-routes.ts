// The table of public addresses: which resolver makes the head of each, the first that matches winning.
import type { CatalogueService } from '#server/modules/catalogue/service.ts'
import type { ContentRepository } from '#server/modules/content/repository.ts'
import type { OrdersService } from '#server/modules/orders/service.ts'
import type { ProfileService } from '#server/modules/profile/service.ts'
import { catalogueHead, INFORMATION_PAGES } from './catalogue-head.ts'
import { createContentHeads } from './content-heads.ts'
import { breadcrumbs, faqPage, organization } from './json-ld.ts'
import { createPeopleHeads } from './people-heads.ts'
import { home, screen, type Resolver } from './resolver.ts'
import { HOME_FAQ, WEB_TEXTS } from './web-texts.ts'

const SLUG = '([a-z0-9]+(?:-[a-z0-9]+)*)'

export function pageRoutes(deps: {
  catalogue: Pick<CatalogueService, 'category' | 'serviceBySlug' | 'service'>
  content: Pick<ContentRepository, 'page' | 'blogPost' | 'blogCategories'>
  profile: Pick<ProfileService, 'preview'>
  orders: Pick<OrdersService, 'preview'>
}) {
  const { contentPage, blogPost, blogCategory } = createContentHeads(deps.content)
  const { publicProfile, reviews, order } = createPeopleHeads(deps)

  const routes: [RegExp, Resolver][] = [
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
    [new RegExp(`^/${SLUG}(?:/${SLUG})*$`), catalogueHead(deps.catalogue)],
  ]

  // A guest not finding these may still be their own people's to open: an order's parties, a customer's specialists.
  const seenByTheirOwnPeople = new Set<Resolver>([publicProfile, reviews, order])

  return { routes, seenByTheirOwnPeople }
}
