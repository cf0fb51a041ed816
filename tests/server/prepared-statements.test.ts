import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '#server/db/client.ts'
import { executePrepared } from '#server/db/prepared.ts'
import { createTestDatabase } from '#tests/helpers/database.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

describe('a statement run as a prepared one', () => {
  it('answers as db.execute does, for each variant of one name on one connection, again and again', async () => {
    const variant = (double: boolean, value: number) =>
      double ? sql`select ${value}::int * 2 as answer` : sql`select ${value}::int + 1 as answer`
    // In one transaction: one connection, where a name given to two texts would be refused.
    const answers = await database.db.transaction(async (tx) => {
      const seen: unknown[] = []
      for (const value of [1, 2, 3])
        for (const double of [true, false])
          seen.push(rowsOf(await executePrepared(tx, 'probe', variant(double, value)))[0]!.answer)
      return seen
    })
    expect(answers).toEqual([2, 2, 4, 3, 6, 4])
    expect(rowsOf(await executePrepared(database.db, 'probe', variant(true, 21)))).toEqual(
      rowsOf(await database.db.execute(variant(true, 21))),
    )
  })
})
