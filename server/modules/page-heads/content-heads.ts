// The heads of the content pages: information and legal pages (the FAQ with its structured data), blog posts and
// blog categories.
import type { ContentRepository } from '#server/modules/content/repository.ts'
import { HREFLANG } from '#server/i18n/locale.ts'
import { article, faqPage } from './json-ld.ts'
import { inLocale, squeeze, type Resolver } from './resolver.ts'
import { WEB_TEXTS } from './web-texts.ts'

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

export function createContentHeads(content: Pick<ContentRepository, 'page' | 'blogPost' | 'blogCategories'>) {
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
          publishedAt: post.publishedAt!,
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

  return { contentPage, blogPost, blogCategory }
}
