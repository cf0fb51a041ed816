// The heads of the pages about people and their work: a specialist's profile, their reviews, an order.
import { MAX_ID } from '#contract/schemas/bounds.ts'
import type { CatalogueService } from '#server/modules/catalogue/service.ts'
import type { OrdersService } from '#server/modules/orders/service.ts'
import { previewDescription, previewTitle } from '#server/modules/profile/preview-text.ts'
import type { ProfileService } from '#server/modules/profile/service.ts'
import { person } from './json-ld.ts'
import { orNothing, squeeze, unlessMissing, type Resolver } from './resolver.ts'
import { WEB_TEXTS } from './web-texts.ts'

export function createPeopleHeads(deps: {
  catalogue: Pick<CatalogueService, 'service'>
  profile: Pick<ProfileService, 'preview'>
  orders: Pick<OrdersService, 'preview'>
}) {
  const { catalogue, profile, orders } = deps

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

  return { publicProfile, reviews, order }
}
