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
  const name = `fika_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** Empties every table of the app, keeping the schema, so each test starts from no rows. */
export async function truncateAll(handle: DatabaseHandle) {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as {
    rows: { tablename: string }[]
  }
  const tables = result.rows.map((row) => `"${row.tablename}"`)
  if (tables.length > 0)
    await handle.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`))
}
