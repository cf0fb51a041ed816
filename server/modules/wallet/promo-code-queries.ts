// The wallet's promo codes and how many times each was used.
import { count, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { promoCodes, promoCodeUses } from '#server/db/schema/wallet.ts'

export function createPromoCodeQueries(db: Database) {
  return {
    /** A promo code by its text, whatever the case. */
    async promoCode(code: string) {
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(sql`lower(${promoCodes.code}) = lower(${code})`)
      return row
    },

    async promoCodeById(id: number) {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id))
      return row
    },

    /** Serialises the counting of one code's uses (two payments with the same code at once), on every process. */
    async lockPromoCode(id: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:promo:${id}`}))`)
    },

    async promoUses(id: number) {
      const [row] = await db
        .select({ count: count() })
        .from(promoCodeUses)
        .where(eq(promoCodeUses.promoCodeId, id))
      return row?.count ?? 0
    },

    /** Counts a paid invoice's code once (invoice_id is unique: a replay writes nothing). */
    async addPromoUse(values: { promoCodeId: number; invoiceId: number; userId: number; createdAt: Date }) {
      await db.insert(promoCodeUses).values(values).onConflictDoNothing({ target: promoCodeUses.invoiceId })
    },
  }
}
