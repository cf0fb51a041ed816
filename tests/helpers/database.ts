import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'

/**
 * A migrated database of this test file's own: PGlite in memory, or, when DATABASE_URL is set, a new database on
 * that server which `close()` drops, so parallel runs never see each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' })
    await handle.migrate()
    return handle
  }
  const created = await createEmptyDatabase(serverUrl)
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      await created.drop()
    },
  }
}

/** A new, empty database on the PostgreSQL server of `serverUrl` (for server processes that migrate it). */
export async function createEmptyDatabase(serverUrl: string) {
  const name = `fika_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** Seeded, read-mostly tables a test file may keep between its tests (useTestApp's `catalogue` option). */
export const CATALOGUE_TABLES = [
  'categories',
  'services',
  'settings',
  'marquee_items',
  'content_pages',
  'blog_categories',
  'blog_posts',
  'regions',
  'districts',
]

/**
 * The append-only ledger refuses DELETE (its trigger), so it and the wallet tables around it are emptied with
 * TRUNCATE, which fires no row trigger.
 */
const WALLET_TABLES = [
  'wallet_ledger',
  'plan_periods',
  'payment_transactions',
  'promo_code_uses',
  'wallet_invoices',
  'promo_codes',
]

/** Empties every table of the app (but those kept), keeping the schema, so each test starts from no rows. */
export async function truncateAll(handle: DatabaseHandle, keep: string[] = []) {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as {
    rows: { tablename: string }[]
  }
  const tables = result.rows.filter((row) => !keep.includes(row.tablename)).map((row) => `"${row.tablename}"`)
  if (tables.length === 0) return
  // NOTE: TRUNCATE ... CASCADE would also empty kept tables that reference these (services.proposed_by -> users);
  // DELETE lets the foreign keys cascade or set null instead.
  // The counters that triggers keep (order_counters) are left alone: deleting their rows brings them to zero.
  if (keep.length > 0) {
    const wallet = WALLET_TABLES.filter((name) => tables.includes(`"${name}"`))
    if (wallet.length > 0)
      await handle.db.execute(sql.raw(`truncate ${wallet.map((n) => `"${n}"`).join(', ')}`))
    const rest = tables.filter((name) => !WALLET_TABLES.includes(name.slice(1, -1)))
    for (const table of rest.filter((name) => name !== '"order_counters"')) {
      await handle.db.execute(sql.raw(`delete from ${table}`))
    }
  } else await handle.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`))
}
