import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '#server/db/client.ts'

/**
 * Waits until no background job is due or running (a push just stored, its retries once due): what a test checks
 * next is what the jobs did. Jobs due later (a chat check in 10 s) and the dead letters (no one runs them) do not
 * count.
 */
export async function jobsSettled(database: DatabaseHandle, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active') and start_after <= now() and name not like '%.dead'`,
    )) as unknown as { rows: { n: number }[] }
    if (result.rows[0]!.n === 0) return
    if (Date.now() > deadline) throw new Error(`${result.rows[0]!.n} jobs still due after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
