import type { ListedOrder, VersionedOrderRow } from './order-rows.ts'
import { presentOrder } from './present-order.ts'

// A card is kept encoded: most of a list's answer is its cards, and encoding them again for every answer cost more
// than the rest of it.
type Card = { version: string; json: Buffer }

/** About 10 MB of cards at half a kilobyte each: every open order of a busy city's lists. */
const MAX_CARDS = 20_000

/**
 * The cards of order lists as JSON, kept per version of the order's row (docs/decisions/019): a list reads which
 * orders it shows and their versions, and only the orders not kept at that version are read whole, presented and
 * serialized. The same order is in the open list, in boxes, in filters and in every specialist's scrolling, so
 * most cards of a page are already kept. A card kept is the one anyone sees (presentOrder without a caller); an
 * order's own parties, who may see more of it, get theirs made afresh.
 */
export function createOrderCards(rowsOf: (ids: number[]) => Promise<VersionedOrderRow[]>, max = MAX_CARDS) {
  // A Map keeps insertion order: taking a card out and putting it back makes the first key the least recently used.
  const kept = new Map<number, Card>()
  const keep = (id: number, card: Card) => {
    kept.delete(id)
    kept.set(id, card)
    if (kept.size > max) kept.delete(kept.keys().next().value!)
  }
  const isParty = (order: Pick<ListedOrder, 'customerId' | 'executorId'>, callerId: number | undefined) =>
    callerId !== undefined && (order.customerId === callerId || order.executorId === callerId)

  return {
    /**
     * The page's cards in its order, as `callerId` may see them, in UTF-8; an order deleted since it was listed is
     * left out.
     */
    async json(entries: ListedOrder[], callerId: number | undefined): Promise<Buffer[]> {
      const cards = new Map<number, Buffer>()
      const missing: number[] = []
      for (const entry of entries) {
        const card = isParty(entry, callerId) ? undefined : kept.get(entry.id)
        if (card?.version === entry.version) {
          keep(entry.id, card)
          cards.set(entry.id, card.json)
        } else missing.push(entry.id)
      }
      if (missing.length > 0) {
        for (const row of await rowsOf(missing)) {
          const json = Buffer.from(JSON.stringify(presentOrder(row, callerId)))
          if (!isParty(row, callerId)) keep(row.id, { version: row.version, json })
          cards.set(row.id, json)
        }
      }
      return entries.flatMap((entry) => cards.get(entry.id) ?? [])
    },
  }
}
export type OrderCards = ReturnType<typeof createOrderCards>
