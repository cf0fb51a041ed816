import { jsonInHtml } from '#server/lib/json-in-html.ts'
import type { JsonLd } from '#server/lib/web-page.ts'

/** schema.org structured data for the pages that have a fitting type (https://schema.org). */
export type { JsonLd }

const CONTEXT = 'https://schema.org'

export const organization = (origin: string, description: string): JsonLd => ({
  '@context': CONTEXT,
  '@type': 'Organization',
  name: 'Fika',
  url: `${origin}/`,
  logo: `${origin}/icons/icon-512.png`,
  description,
  areaServed: { '@type': 'Country', name: 'Uzbekistan' },
})

/** The way from the home page to this one, each step with its address (the last one is the page itself). */
export const breadcrumbs = (steps: { name: string; url: string }[]): JsonLd => ({
  '@context': CONTEXT,
  '@type': 'BreadcrumbList',
  itemListElement: steps.map((step, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: step.name,
    item: step.url,
  })),
})

export const faqPage = (items: { question: string; answer: string }[]): JsonLd => ({
  '@context': CONTEXT,
  '@type': 'FAQPage',
  mainEntity: items.map((item) => ({
    '@type': 'Question',
    name: item.question,
    acceptedAnswer: { '@type': 'Answer', text: item.answer },
  })),
})

type PersonFacts = {
  name: string
  url: string
  image: string | null
  services: string[]
  description: string
  rating: number
  reviewsCount: number
}

/** A specialist; the rating only once there are reviews (an AggregateRating of none is invalid). */
export const person = (facts: PersonFacts): JsonLd => ({
  '@context': CONTEXT,
  '@type': 'Person',
  name: facts.name,
  url: facts.url,
  ...(facts.image && { image: facts.image }),
  ...(facts.description && { description: facts.description }),
  ...(facts.services.length > 0 && { knowsAbout: facts.services }),
  ...(facts.reviewsCount > 0 && {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Number(facts.rating.toFixed(1)),
      reviewCount: facts.reviewsCount,
      bestRating: 5,
      worstRating: 1,
    },
  }),
})

export const article = (facts: {
  headline: string
  description: string
  url: string
  publishedAt: Date
  language: string
}): JsonLd => ({
  '@context': CONTEXT,
  '@type': 'Article',
  headline: facts.headline,
  description: facts.description,
  url: facts.url,
  mainEntityOfPage: facts.url,
  datePublished: facts.publishedAt.toISOString(),
  inLanguage: facts.language,
  author: { '@type': 'Organization', name: 'Fika' },
  publisher: { '@type': 'Organization', name: 'Fika' },
})

/** JSON for a `<script type="application/ld+json">` (see jsonInHtml for why it is escaped). */
export const jsonLdScript = (data: JsonLd) => jsonInHtml(data)
