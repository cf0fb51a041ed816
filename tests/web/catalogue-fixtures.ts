import type { Category } from '#contract/schemas/catalogue.ts'

type Leaf = { id: number; name: string; slug: string }

/** The repairs category as the server answers it, with Электрика and the given kinds of electrical work under it. */
export const repairCategory = (
  children: Leaf[] = [{ id: 32, name: 'Замена проводки', slug: 'zamena-provodki' }],
): Category => ({
  id: 3,
  name: 'Мастера по ремонту',
  slug: 'mastera-po-remontu',
  subtitle: 'Электрики, сантехники',
  services: [
    {
      id: 30,
      name: 'Электрика',
      slug: 'elektrika',
      description: null,
      parent: null,
      parent_slug: null,
      status: 'approved',
      category: { id: 3, slug: 'mastera-po-remontu', name: 'Мастера по ремонту' },
      children_count: children.length,
      children,
    },
  ],
})
