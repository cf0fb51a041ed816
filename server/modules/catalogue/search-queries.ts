// The service search: the text as typed in any language and script, then within a few typos, then by similarity.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { foldForSearch } from '#contract/search-text.ts'
import { typoDistance, typosAllowed } from '#contract/search-typos.ts'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { approved, selectServices } from './services-queries.ts'

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

type NearWords = ReturnType<typeof closestWords>

const wordIn = (words: string[]) => `(^| )(${words.join('|')})( |$)`

/** Each typed word must be near a word of the name. */
const nearEveryWord = (near: NearWords[]) =>
  near.map((words) => sql`${services.searchNameText} ~ ${wordIn(words.map((word) => word.text))}`)

/** The fewer typos in all, the earlier: each typed word counts the distance of the nearest word the name has. */
function typosInAll(near: NearWords[]) {
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
  return sql`${sql.join(typos, sql` + `)}`
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

export function createSearchQueries(db: Database) {
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

  return {
    /** The catalogue changed (a service approved): the typo search reads the names' words again. */
    forgetNameWords: () => {
      vocabulary = undefined
    },

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
        const details = await selectServices(db).where(
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
        const fuzzy = await page(and(...base, ...nearEveryWord(near)), [typosInAll(near), ...catalogueOrder])
        if (fuzzy.total > 0) return fuzzy
      }
      // Still nothing: the closest spellings of the whole text by trigram word similarity.
      return page(and(...base, sql`${folded} <% ${services.searchNameText}`), [
        sql`word_similarity(${folded}, ${services.searchNameText}) desc`,
        asc(services.id),
      ])
    },
  }
}
