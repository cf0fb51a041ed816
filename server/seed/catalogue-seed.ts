import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { categories, marqueeItems, services, type Localized } from '#server/db/schema/catalogue.ts'
import { blogCategories, blogPosts, contentPages } from '#server/db/schema/content.ts'
import { searchColumnsOf } from '#server/modules/catalogue/search-columns.ts'

const SEED_DIR = fileURLToPath(new URL('.', import.meta.url))

type SeedService = {
  slug: string
  priority?: boolean
  name: Localized
  description: Localized
  children?: SeedService[]
}
type SeedCategory = {
  slug: string
  position: number
  name: Localized
  subtitle: Localized
  services: SeedService[]
}
type SeedPage = { slug: string; title: Localized; description: Localized; body: Localized }
type SeedBlog = {
  categories: { slug: string; name: Localized }[]
  posts: (SeedPage & { category: string; published_at: string })[]
}

const readJson = async <T>(...path: string[]) =>
  JSON.parse(await readFile(join(SEED_DIR, ...path), 'utf8')) as T
export async function loadSeedCatalogue(): Promise<SeedCategory[]> {
  const files = (await readdir(join(SEED_DIR, 'catalogue'))).filter((file) => file.endsWith('.json')).sort()
  const loaded = await Promise.all(files.map((file) => readJson<SeedCategory>('catalogue', file)))
  return loaded.sort((a, b) => a.position - b.position)
}

// Districts of Tashkent, to multiply services for load tests ("Cleaning — Chilanzar").
const DISTRICTS: Localized[] = [
  { ru: 'Чиланзар', oz: 'Chilonzor', uz: 'Чилонзор', en: 'Chilanzar' },
  { ru: 'Юнусабад', oz: 'Yunusobod', uz: 'Юнусобод', en: 'Yunusabad' },
  { ru: 'Мирзо-Улугбек', oz: "Mirzo Ulug'bek", uz: 'Мирзо Улуғбек', en: 'Mirzo-Ulugbek' },
  { ru: 'Сергели', oz: 'Sergeli', uz: 'Сергели', en: 'Sergeli' },
  { ru: 'Яккасарай', oz: 'Yakkasaroy', uz: 'Яккасарой', en: 'Yakkasaray' },
  { ru: 'Шайхантахур', oz: 'Shayxontohur', uz: 'Шайхонтоҳур', en: 'Shaykhantakhur' },
  { ru: 'Алмазар', oz: 'Olmazor', uz: 'Олмазор', en: 'Almazar' },
  { ru: 'Яшнабад', oz: 'Yashnobod', uz: 'Яшнобод', en: 'Yashnabad' },
]

/**
 * Fills an empty catalogue from server/seed/catalogue/*.json; a catalogue that has rows is left alone, so a
 * restart never duplicates or overwrites anything. `extraServices` adds that many generated sub-services (a
 * service in a district) for load tests.
 */
export async function seedCatalogue(db: Database, options: { extraServices?: number } = {}): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(categories)
  if ((existing?.count ?? 0) > 0) return 0
  let added = 0
  const all: { id: number; categoryId: number; slug: string; name: Localized }[] = []
  for (const category of await loadSeedCatalogue()) {
    const [row] = await db
      .insert(categories)
      .values({
        slug: category.slug,
        position: category.position,
        image: `/categories/${category.slug}.svg`,
        name: category.name,
        subtitle: category.subtitle,
      })
      .returning({ id: categories.id })
    const insert = async (service: SeedService, position: number, parentId: number | null) => {
      const [inserted] = await db
        .insert(services)
        .values({
          categoryId: row!.id,
          parentId,
          slug: service.slug,
          name: service.name,
          description: service.description,
          priority: service.priority ?? false,
          position,
          ...searchColumnsOf(service.name, service.description),
        })
        .returning({ id: services.id })
      added++
      all.push({ id: inserted!.id, categoryId: row!.id, slug: service.slug, name: service.name })
      for (const [index, child] of (service.children ?? []).entries())
        await insert(child, index, inserted!.id)
    }
    for (const [index, service] of category.services.entries()) await insert(service, index, null)
  }
  const extra = options.extraServices ?? 0
  for (let start = 0; start < extra; start += 500) {
    const batch = Array.from({ length: Math.min(500, extra - start) }, (_, offset) => {
      const index = start + offset
      const base = all[index % all.length]!
      const district = DISTRICTS[index % DISTRICTS.length]!
      const name = Object.fromEntries(
        (['ru', 'oz', 'uz', 'en'] as const).map((lang) => [lang, `${base.name[lang]} — ${district[lang]}`]),
      ) as Localized
      return {
        categoryId: base.categoryId,
        parentId: base.id,
        slug: `${base.slug}-${index}`,
        name,
        description: null,
        position: 100 + index,
        ...searchColumnsOf(name),
      }
    })
    await db.insert(services).values(batch)
    added += batch.length
  }
  // NOTE: PGlite runs no autovacuum, so without fresh statistics the planner ignores the trigram index.
  await db.execute(sql`analyze ${categories}, ${services}`)
  return added
}

/** Fills the information pages, legal documents, blog and marquee once, like the catalogue. */
export async function seedContent(db: Database): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(contentPages)
  if ((existing?.count ?? 0) > 0) return 0
  const [pages, legal, blog, marquee] = await Promise.all([
    readJson<SeedPage[]>('content', 'pages.json'),
    readJson<SeedPage[]>('content', 'legal.json'),
    readJson<SeedBlog>('content', 'blog.json'),
    readJson<Localized[]>('content', 'marquee.json'),
  ])
  const page = (kind: 'page' | 'legal') => (item: SeedPage, position: number) => ({ ...item, kind, position })
  await db
    .insert(contentPages)
    .values([...pages.map(page('page')), ...legal.map(page('legal'))])
    .onConflictDoNothing()
  await db
    .insert(blogCategories)
    .values(blog.categories.map((category, position) => ({ ...category, position })))
    .onConflictDoNothing()
  await db
    .insert(blogPosts)
    .values(
      blog.posts.map((post) => ({
        ...post,
        categorySlug: post.category,
        publishedAt: new Date(post.published_at),
      })),
    )
    .onConflictDoNothing()
  await db.insert(marqueeItems).values(marquee.map((title, position) => ({ title, position })))
  return pages.length + legal.length + blog.posts.length
}
