// What a service is found by (contract/search-text.ts): the columns the seed, a proposal and a moderator's approval
// write from its names and description, so the search reads each service the same way however it was added.
import { searchTextOf } from '#contract/search-text.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'

const textsOf = (text: Localized) => [text.ru, text.oz, text.uz, text.en]

/** Names and descriptions are searched; names alone decide the ranking (see search-queries.ts). */
export const searchColumnsOf = (name: Localized, description?: Localized | null) => ({
  searchText: searchTextOf([...textsOf(name), ...(description ? textsOf(description) : [])]),
  searchNameText: searchTextOf(textsOf(name)),
  searchNames: [...new Set(textsOf(name).map((text) => searchTextOf([text])))],
})
