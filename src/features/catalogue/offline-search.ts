import { foldForSearch } from '#contract/search-text.ts'
import { typoDistance, typosAllowed } from '#contract/search-typos.ts'
import { localDb, type SavedService } from '#src/lib/local-db.ts'
import { currentLocale } from '#src/lib/locale.ts'

/**
 * How well a saved service matches the folded text, as the server ranks (server/modules/catalogue): 0 the exact
 * name, 1 a name starting with it, 2 a name word starting with it, 3 a name containing it, 4 a description word
 * starting with it, 5 a description containing it; undefined when it does not match as typed.
 */
function rankAsTyped(service: SavedService, folded: string): number | undefined {
  const name = service.folded
  const about = service.about ?? ''
  if (name === folded) return 0
  if (name.startsWith(folded)) return 1
  if (name.includes(` ${folded}`)) return 2
  if (name.includes(folded)) return 3
  if (about.startsWith(folded) || about.includes(` ${folded}`)) return 4
  if (about.includes(folded)) return 5
  return undefined
}

/**
 * The typos between the typed words and the name: each typed word against its closest name word. Undefined when
 * a typed word has no name word within the typos its length allows.
 */
function typosIn(service: SavedService, typedWords: string[]): number | undefined {
  const nameWords = service.folded.split(' ')
  let total = 0
  for (const typed of typedWords) {
    const closest = Math.min(...nameWords.map((word) => typoDistance(typed, word)))
    if (closest > typosAllowed(typed)) return undefined
    total += closest
  }
  return total
}

/** Top-level services before sub-services, then the catalogue's order. */
const catalogueOrder = (a: SavedService, b: SavedService) =>
  Number(a.parentSlug !== null) - Number(b.parentSlug !== null) || (a.order ?? a.id) - (b.order ?? b.id)

/**
 * The search over the catalogue saved on the device, ranked like the server's: what matches as typed, best
 * first; when nothing does, the names within a few typos (swapped, missing, extra or wrong letters).
 */
export function rankSaved(services: SavedService[], text: string, limit: number): SavedService[] {
  const folded = foldForSearch(text)
  if (!folded) return []
  const typed = services
    .map((service) => ({ service, rank: rankAsTyped(service, folded) }))
    .filter((match): match is { service: SavedService; rank: number } => match.rank !== undefined)
  if (typed.length > 0) {
    // A description match in a category whose names match ("fault finding" under electrics for "elektr")
    // before one elsewhere (physics, whose description mentions electricity).
    const naming = new Set(
      typed.filter((match) => match.rank <= 3).map((match) => match.service.categorySlug),
    )
    const outside = (service: SavedService) => Number(!naming.has(service.categorySlug))
    return typed
      .sort(
        (a, b) =>
          a.rank - b.rank || outside(a.service) - outside(b.service) || catalogueOrder(a.service, b.service),
      )
      .slice(0, limit)
      .map((match) => match.service)
  }
  const words = folded.split(' ')
  return services
    .map((service) => ({ service, typos: typosIn(service, words) }))
    .filter((match): match is { service: SavedService; typos: number } => match.typos !== undefined)
    .sort((a, b) => a.typos - b.typos || catalogueOrder(a.service, b.service))
    .slice(0, limit)
    .map((match) => match.service)
}

/** The saved catalogue of the session's language, searched. */
export async function searchSaved(text: string, limit: number): Promise<SavedService[]> {
  const all = await localDb.services.where('locale').equals(currentLocale()).toArray()
  return rankSaved(all, text, limit)
}
