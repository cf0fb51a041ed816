import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'

/**
 * A migrated database of this test file's own: PGlite in memory, or, when DATABASE_URL is set, a new database on
 * that server which `close()` drops, so parallel runs never see each other's rows. Both start as a copy of the
 * run's template (tests/helpers/database-template.ts) when there is one; `migrate()` then finds nothing to do.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL
  const template = inject('databaseTemplate')
  if (!serverUrl) {
    const handle = await openDatabase({
      dataDir: 'memory://',
      ...(template &&
        'pgliteDump' in template && {
          pgliteDump: new Blob([await readFile(template.pgliteDump)]),
        }),
    })
    await handle.migrate()
    return handle
  }
  const created = await createEmptyDatabase(
    serverUrl,
    template && 'postgresTemplate' in template ? template.postgresTemplate : undefined,
  )
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

/**
 * A new database on the PostgreSQL server of `serverUrl`: empty (for server processes that migrate it), or a copy of
 * `template`.
 */
export async function createEmptyDatabase(serverUrl: string, template?: string) {
  const name = `fika_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
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

/**
 * The tables a test may have written to: those with a row, and those whose sequence moved (a row made and deleted
 * again). Emptying only these is what keeps a test's start short: truncating sixty tables on PostgreSQL makes sixty
 * new files each time.
 */
async function writtenTables(handle: DatabaseHandle, tables: string[]) {
  const withRows = tables.map((name) => `select '${name}' as name where exists (select 1 from "${name}")`)
  const result = (await handle.db.execute(
    sql.raw(`${withRows.join(' union all ')}
      union
      select t.relname from pg_sequences s
      join pg_class q on q.relname = s.sequencename and q.relnamespace = 'public'::regnamespace
      join pg_depend d on d.objid = q.oid and d.classid = 'pg_class'::regclass
        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      where s.schemaname = 'public' and s.last_value is not null`),
  )) as { rows: { name: string }[] }
  const written = new Set(result.rows.map((row) => row.name))
  return tables.filter((name) => written.has(name))
}

/** Empties every table of the app (but those kept), keeping the schema, so each test starts from no rows. */
export async function truncateAll(handle: DatabaseHandle, keep: string[] = []) {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as {
    rows: { tablename: string }[]
  }
  // A job a test left behind (a chat check due in 10 s) must not run in the next test's app.
  await handle.db.execute(
    sql.raw(
      `do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job; end if; end $$`,
    ),
  )
  const names = result.rows.map((row) => row.tablename).filter((name) => !keep.includes(name))
  if (names.length === 0) return
  const tables = (await writtenTables(handle, names)).map((name) => `"${name}"`)
  if (tables.length === 0) return
  // NOTE: TRUNCATE ... CASCADE would also empty kept tables that reference these (services.proposed_by -> users);
  // DELETE lets the foreign keys cascade or set null instead.
  // The counters that triggers keep (order_counters) are left alone: deleting their rows brings them to zero.
  if (keep.length > 0) {
    // They reference each other: TRUNCATE takes them all or none.
    const wallet = WALLET_TABLES.some((name) => tables.includes(`"${name}"`))
      ? WALLET_TABLES.filter((name) => names.includes(name))
      : []
    if (wallet.length > 0)
      await handle.db.execute(sql.raw(`truncate ${wallet.map((n) => `"${n}"`).join(', ')}`))
    // The audit log refuses DELETE (a trigger of its migration): TRUNCATE fires no row trigger.
    if (tables.includes('"audit_log"')) await handle.db.execute(sql.raw('truncate "audit_log"'))
    const rest = tables.filter((name) => !WALLET_TABLES.includes(name.slice(1, -1)) && name !== '"audit_log"')
    for (const table of rest.filter((name) => name !== '"order_counters"')) {
      await handle.db.execute(sql.raw(`delete from ${table}`))
    }
  } else await handle.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`))
}
