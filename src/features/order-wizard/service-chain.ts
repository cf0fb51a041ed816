import type { Category } from '#contract/schemas/catalogue.ts'

export type ChosenService = {
  id: number
  name: string
  slug: string
  /** The sub-services to choose from on the select step (spec section 2); empty when there are none. */
  children: { id: number; name: string; slug: string }[]
  /** The parent service of a sub-service opened directly (a search result such as /parent/child/work-place). */
  parentId: number | null
}

/** The service a route names: its last slug, among the category's services or their sub-services. */
export function serviceOfRoute(category: Category, serviceSlugs: string[]): ChosenService | null {
  const slug = serviceSlugs.at(-1)
  if (!slug) return null
  for (const service of category.services ?? []) {
    if (service.slug === slug)
      return {
        id: service.id,
        name: service.name,
        slug: service.slug,
        children: service.children ?? [],
        parentId: service.parent,
      }
    const child = service.children?.find((candidate) => candidate.slug === slug)
    if (child) return { id: child.id, name: child.name, slug: child.slug, children: [], parentId: service.id }
  }
  return null
}
