import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { sql } from 'drizzle-orm'

export type Database = PgDatabase<PgQueryResultHKT>
export type DatabaseKind = 'pglite' | 'postgres'

export type DatabaseHandle = {
  db: Database
  kind: DatabaseKind
  /** PostgreSQL's connection pool (its use is a metric); PGlite has one connection and no pool. */
  pool?: PoolUse
  /** Applies the SQL migrations that have not run yet. */
  migrate: () => Promise<void>
  /** What the job queue (server/adapters/jobs) runs on: the same PGlite, or the same server by its URL. */
  jobsTarget: { pglite: PGlite } | { url: string }
  close: () => Promise<void>
}

/** What a pg.Pool tells of its connections at any moment. */
export type PoolUse = Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))
// Column names are snake_case in SQL and camelCase in TypeScript; drizzle-kit generates with the same setting.
export const CASING = 'snake_case' as const
/** The extensions PGlite loads for this schema: pg_trgm backs the catalogue search (PostgreSQL ships it in contrib). */
export const PGLITE_EXTENSIONS = { pg_trgm }

/** Where PGlite keeps its database under DATA_DIR. */
export const pgliteFolder = (dataDir: string) => `${dataDir}/pglite`

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  /** PGlite only: starts from this dump of a data folder (`dumpDataDir`) instead of an empty database. */
  pgliteDump?: Blob
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle connection the server closed (a restart, a failover) must not bring the process down; the pool
    // replaces it on the next query.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message))
    const db = drizzlePg({ client: pool, casing: CASING })
    return {
      db,
      kind: 'postgres',
      jobsTarget: { url: options.databaseUrl },
      pool,
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    }
  }
  const inMemory = options.dataDir === 'memory://'
  if (!inMemory) await mkdir(options.dataDir, { recursive: true })
  const client = await PGlite.create(inMemory ? undefined : pgliteFolder(options.dataDir), {
    extensions: PGLITE_EXTENSIONS,
    ...(options.pgliteDump && { loadDataDir: options.pgliteDump }),
  })
  const db = drizzlePglite({ client, casing: CASING })
  return {
    db,
    kind: 'pglite',
    jobsTarget: { pglite: client },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  }
}

/**
 * Runs `work` in a transaction that holds an advisory lock on `key`, so that two requests about the same thing
 * (one phone, one order) run one after the other on every server process. The lock ends with the transaction.
 */
export function withLock<T>(db: Database, key: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
    return work(tx as unknown as Database)
  })
}
