import { and, asc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { foldForSearch } from '#contract/search-text.ts'
import { typoDistance, typosAllowed } from '#contract/search-typos.ts'
import type { Database } from '#server/db/client.ts'
import { categories, marqueeItems, services, settings } from '#server/db/schema/catalogue.ts'

export type CategoryRow = typeof categories.$inferSelect
export type ServiceRow = typeof services.$inferSelect & {
  categorySlug: string
  categoryName: CategoryRow['name']
  childrenCount: number
  parentSlug: string | null
}

const approved = eq(services.status, 'approved')
const parentSlug = sql<string | null>`(select p.slug from ${services} as p where p.id = ${services.parentId})`
const childrenCount = sql<number>`(select count(*)::int from ${services} as c where c.parent_id = ${services.id} and c.status = 'approved')`

// A numeric reference is an id, anything else a slug (both come from URLs).
const isId = (ref: string) => /^\d+$/.test(ref)

const NAME_WORDS_CACHE_MS = 30_000
// Enough near words for any sensible typo; a short typed word near hundreds of words is not worth searching.
const MAX_NEAR_WORDS = 50

/** The name words within the typos allowed for a typed word (none for a short one), closest first. */
function closestWords(typed: string, vocabulary: string[]) {
  const allowed = typosAllowed(typed)
  if (allowed === 0) return []
  return vocabulary
    .map((text) => ({ text, distance: typoDistance(typed, text) }))
    .filter((word) => word.distance <= allowed)
    .sort((a, b) => a.distance - b.distance || a.text.localeCompare(b.text))
    .slice(0, MAX_NEAR_WORDS)
}

/**
 * How well a service's texts match the folded text: 0 an exact name, 1 a name starting with it, 2 a name word
 * starting with it, 3 a name containing it, 4 a description word starting with it, 5 a description containing it.
 * The folded text has only letters, digits and spaces, so it is safe inside a regular expression.
 */
function rankOf(folded: string) {
  const names = sql`array_to_string(${services.searchNames}, '|')`
  return sql`case when ${folded} = any(${services.searchNames}) then 0
                  when ${names} ~ ${`(^|\\|)${folded}`} then 1
                  when ${services.searchNameText} ~ ${`(^| )${folded}`} then 2
                  when ${services.searchNameText} like ${`%${folded}%`} then 3
                  when ${services.searchText} ~ ${`(^| )${folded}`} then 4
                  else 5 end`
}

export function createCatalogueRepository(db: Database) {
  const serviceColumns = {
    ...getTableColumns(services),
    categorySlug: categories.slug,
    categoryName: categories.name,
    childrenCount,
    parentSlug,
  }
  const selectServices = () =>
    db.select(serviceColumns).from(services).innerJoin(categories, eq(categories.id, services.categoryId))

  /** Categories with a service whose name contains the text: the context of a search. */
  const categoriesNaming = async (folded: string) => {
    const rows = await db
      .selectDistinct({ id: services.categoryId })
      .from(services)
      .where(and(approved, sql`${services.searchNameText} like ${`%${folded}%`}`))
    return `{${rows.map((row) => row.id).join(',')}}`
  }

  // Every word of the approved names, for the typo search; it changes only with the catalogue, so it is kept for
  // half a minute (a few thousand words on a large catalogue).
  let vocabulary: { at: number; words: Promise<string[]> } | undefined
  const nameWords = () => {
    if (vocabulary && Date.now() - vocabulary.at < NAME_WORDS_CACHE_MS) return vocabulary.words
    const words = db
      .selectDistinct({ word: sql<string>`unnest(string_to_array(${services.searchNameText}, ' '))` })
      .from(services)
      .where(approved)
      .then((rows) => rows.map((row) => row.word).filter(Boolean))
    vocabulary = { at: Date.now(), words }
    words.catch(() => (vocabulary = undefined))
    return words
  }

  /** How many approved sub-services each of these services has. */
  async function childrenCounts(parentIds: number[]): Promise<Map<number, number>> {
    if (parentIds.length === 0) return new Map()
    const rows = await db
      .select({ parentId: services.parentId, count: sql<number>`count(*)::int` })
      .from(services)
      .where(and(approved, inArray(services.parentId, parentIds)))
      .groupBy(services.parentId)
    return new Map(rows.map((row) => [row.parentId!, row.count]))
  }

  return {
    listCategories: () => db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),

    async findCategory(ref: string): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(categories)
        .where(isId(ref) ? eq(categories.id, Number(ref)) : eq(categories.slug, ref))
        .limit(1)
      return row
    },

    /** Approved services per category, sub-services included. */
    async serviceCounts(): Promise<Map<number, number>> {
      const rows = await db
        .select({ categoryId: services.categoryId, count: sql<number>`count(*)::int` })
        .from(services)
        .where(approved)
        .groupBy(services.categoryId)
      return new Map(rows.map((row) => [row.categoryId, row.count]))
    },

    /** The first `perCategory` priority services of each category, in their order, with their children counted. */
    async priorityServices(perCategory: number) {
      const ranked = db
        .select({
          id: services.id,
          categoryId: services.categoryId,
          name: services.name,
          slug: services.slug,
          rank: sql<number>`row_number() over (partition by ${services.categoryId} order by ${services.position}, ${services.id})`.as(
            'rank',
          ),
        })
        .from(services)
        .where(and(approved, eq(services.priority, true), isNull(services.parentId)))
        .as('ranked')
      const rows = await db
        .select({ id: ranked.id, categoryId: ranked.categoryId, name: ranked.name, slug: ranked.slug })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perCategory}`)
      // NOTE: the correlated children count cannot go inside the ranked subquery: Drizzle writes the outer row's id
      // there as a bare "id", which the count reads as its own row's id, so every count was 0.
      const counts = await childrenCounts(rows.map((row) => row.id))
      return rows.map((row) => ({ ...row, childrenCount: counts.get(row.id) ?? 0 }))
    },

    /** Every approved top-level service, in catalogue order. */
    topLevelServices: () =>
      selectServices()
        .where(and(approved, isNull(services.parentId)))
        .orderBy(asc(categories.position), asc(services.position), asc(services.id)),

    servicesOfCategory: (categoryId: number) =>
      selectServices()
        .where(and(approved, eq(services.categoryId, categoryId)))
        .orderBy(asc(services.position), asc(services.id)),

    async findService(
      where: { id: number } | { categoryId: number; slug: string },
    ): Promise<ServiceRow | undefined> {
      const condition =
        'id' in where
          ? eq(services.id, where.id)
          : and(eq(services.categoryId, where.categoryId), eq(services.slug, where.slug))
      const [row] = await selectServices().where(and(approved, condition)).limit(1)
      return row
    },

    childrenOf: (parentIds: number[]) =>
      parentIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: services.id,
              parentId: services.parentId,
              name: services.name,
              slug: services.slug,
              childrenCount,
            })
            .from(services)
            .where(and(approved, inArray(services.parentId, parentIds)))
            .orderBy(asc(services.position), asc(services.id)),

    /**
     * Approved services matching the filters. A search matches any language and script (see foldForSearch) and
     * tolerates typos; the order is the one a person expects: exact names, names starting with the text, a name
     * word starting with it, names containing it, then descriptions (see rankOf).
     */
    async searchServices(filters: {
      search?: string
      categoryId?: number
      parentId?: number
      page: number
      perPage: number
    }) {
      const folded = filters.search ? foldForSearch(filters.search) : ''
      const base: SQL[] = [approved]
      if (filters.categoryId !== undefined) base.push(eq(services.categoryId, filters.categoryId))
      if (filters.parentId !== undefined) base.push(eq(services.parentId, filters.parentId))
      // Two steps: the ids of the page and the total in one cheap query, then the details of those few rows.
      // NOTE: one query would compute the per-row subqueries (children count, parent slug) for every match
      // before sorting, thousands of times for a common word.
      const page = async (where: SQL | undefined, order: SQL[]) => {
        const ids = await db
          .select({ id: services.id, total: sql<number>`count(*) over ()::int` })
          .from(services)
          .innerJoin(categories, eq(categories.id, services.categoryId))
          .where(where)
          .orderBy(...order)
          .limit(filters.perPage)
          .offset((filters.page - 1) * filters.perPage)
        if (ids.length === 0) {
          const [total] = await db
            .select({ count: sql<number>`count(*)::int` })
            .from(services)
            .where(where)
          return { rows: [], total: total?.count ?? 0 }
        }
        const details = await selectServices().where(
          inArray(
            services.id,
            ids.map((row) => row.id),
          ),
        )
        const byId = new Map(details.map((row) => [row.id, row]))
        return { rows: ids.map((row) => byId.get(row.id)!), total: ids[0]!.total }
      }
      // Among equally good matches: top-level services before their sub-services, the popular ones (those on the
      // category cards) first, then the catalogue's order, whose common categories come first.
      const catalogueOrder = [
        sql`${services.parentId} is not null`,
        sql`${services.priority} desc`,
        asc(categories.position),
        asc(services.position),
        asc(services.id),
      ]
      if (!folded) return page(and(...base), catalogueOrder.slice(2))

      // The text as typed, in any language or script (the trigram index serves the LIKE).
      const typed = await page(and(...base, sql`${services.searchText} like ${`%${folded}%`}`), [
        rankOf(folded),
        // A description match in a category whose names match ("fault finding" under electrics for "elektr")
        // before one elsewhere (physics, whose description mentions electricity).
        sql`${services.categoryId} = any(${await categoriesNaming(folded)}) desc`,
        ...catalogueOrder,
      ])
      if (typed.total > 0) return typed

      // Nothing as typed: the name words within a few typos of each typed word (transposed, missing, extra or
      // wrong letters), closest first. Only now, because this looks at every name word of the catalogue.
      const typedWords = folded.split(' ')
      const vocabulary = await nameWords()
      const near = typedWords.map((word) => closestWords(word, vocabulary))
      if (near.every((words) => words.length > 0)) {
        const wordIn = (words: string[]) => `(^| )(${words.join('|')})( |$)`
        // Each typed word must be near a word of the name; the fewer typos in all, the earlier.
        const typos = near.map(
          (words) =>
            sql`(case ${sql.join(
              [0, 1, 2].map((distance) => {
                const within = words.filter((word) => word.distance <= distance).map((word) => word.text)
                return within.length > 0
                  ? sql`when ${services.searchNameText} ~ ${wordIn(within)} then ${sql.raw(String(distance))}`
                  : sql``
              }),
              sql` `,
            )} else 3 end)`,
        )
        const fuzzy = await page(
          and(
            ...base,
            ...near.map(
              (words) => sql`${services.searchNameText} ~ ${wordIn(words.map((word) => word.text))}`,
            ),
          ),
          [sql`${sql.join(typos, sql` + `)}`, ...catalogueOrder],
        )
        if (fuzzy.total > 0) return fuzzy
      }
      // Still nothing: the closest spellings of the whole text by trigram word similarity.
      return page(and(...base, sql`${folded} <% ${services.searchNameText}`), [
        sql`word_similarity(${folded}, ${services.searchNameText}) desc`,
        asc(services.id),
      ])
    },

    async insertService(values: typeof services.$inferInsert) {
      const [row] = await db.insert(services).values(values).returning({ id: services.id })
      return row!.id
    },

    async pendingService(id: number): Promise<ServiceRow | undefined> {
      const [row] = await selectServices().where(eq(services.id, id)).limit(1)
      return row
    },

    async settings(): Promise<Record<string, unknown>> {
      const rows = await db.select().from(settings)
      return Object.fromEntries(rows.map((row) => [row.key, row.value]))
    },

    marquee: () => db.select().from(marqueeItems).orderBy(asc(marqueeItems.position), asc(marqueeItems.id)),
  }
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>
