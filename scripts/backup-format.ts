/**
 * What `npm run backup` writes and `npm run restore` reads (docs/operations.md, "Backups and restore"): one folder
 * `fika-backup-<UTC time>/` holding
 *   manifest.json          what is inside and the SHA-256 of every other file, checked before a restore touches
 *                          anything;
 *   database.pgdump        PostgreSQL: `pg_dump --format=custom` of the whole database (every schema), compressed;
 *   database.pglite.tar.gz PGlite: its data folder as PGlite dumps it (gzip tar);
 *   uploads/               DATA_DIR/uploads, file for file (photos are compressed already);
 *   documents/             DATA_DIR/documents, the identity documents as they lie there: encrypted with DOCUMENTS_KEY,
 *                          which is not in the backup when it is set (docs/operations.md);
 *   keys/                  DATA_DIR/jwt-secret, vapid-keys.json and documents-key when the server generated them.
 * A folder rather than one archive: no archive library is installed, and a plain folder is read, checked and
 * copied off the machine with the tools every server has.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import type { DatabaseKind } from '#server/db/client.ts'

export const FORMAT_VERSION = 1
export const MANIFEST_FILE = 'manifest.json'
export const DATABASE_FILES: Record<DatabaseKind, string> = {
  postgres: 'database.pgdump',
  pglite: 'database.pglite.tar.gz',
}
export const UPLOADS_FOLDER = 'uploads'
export const DOCUMENTS_FOLDER = 'documents'
export const KEYS_FOLDER = 'keys'
/** The secrets a server without JWT_SECRET / VAPID_* variables generates into DATA_DIR (server/secret.ts). */
export const KEY_FILES = ['jwt-secret', 'vapid-keys.json', 'documents-key'] as const

export type Manifest = {
  format: typeof FORMAT_VERSION
  createdAt: string
  database: {
    kind: DatabaseKind
    file: string
    bytes: number
    sha256: string
    /** Rows of drizzle.__drizzle_migrations: the schema version the dump was taken at. */
    migrations: number
  }
  uploads: { files: number; bytes: number; sha256: Record<string, string> }
  /** The encrypted identity documents; absent in a backup taken before they existed. */
  documents?: { files: number; bytes: number; sha256: Record<string, string> }
  keys: Record<string, string>
}

/** A refusal the person running the command can act on: printed alone, without a stack, exit code 1. */
export class BackupError extends Error {
  override name = 'BackupError'
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

/** Every file under `root`, as paths relative to it with `/` between folders; none when `root` does not exist. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

/**
 * How pg_dump and pg_restore reach DATABASE_URL: the URL without its password as `--dbname`, the password in
 * PGPASSWORD, so that it shows neither in the process list nor in anything the tools print.
 */
export function libpqConnection(databaseUrl: string) {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
  }
}

/** Runs one SQL text on either database (pg's and PGlite's `query` both answer `{ rows }`). */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>

/** The tables of every schema but PostgreSQL's own, as `schema.table`. */
export async function userTables(run: RunSql): Promise<string[]> {
  const rows = await run(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1`,
  )
  return rows.map((row) => String(row.name))
}

/** How many migrations the database has run (0 for one the server never started on). */
export async function migrationCount(run: RunSql): Promise<number> {
  if (!(await userTables(run)).includes('drizzle.__drizzle_migrations')) return 0
  const [row] = await run('select count(*)::int as count from drizzle.__drizzle_migrations')
  return Number(row?.count ?? 0)
}

/**
 * Runs one of PostgreSQL's client tools (pg_dump, pg_restore) to its end; a failure is a BackupError that carries
 * what the tool said (which never holds the password: it is not on the command line).
 */
export function runPostgresTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let said = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (said += chunk))
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} is not installed: install PostgreSQL's client tools, of the server's major version or newer`,
            )
          : error,
      ),
    )
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${said.trim()}`)),
    )
  })
}

/** Runs `work` on one connection to DATABASE_URL; a server that does not answer is a refusal, not a stack. */
export async function withPostgres<T>(databaseUrl: string, work: (run: RunSql) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  // An error after connecting (the server going away) surfaces through the query that meets it.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`PostgreSQL (DATABASE_URL) does not answer: ${(error as Error).message}`)
  }
  try {
    return await work(async (text) => (await client.query(text)).rows as Record<string, unknown>[])
  } finally {
    await client.end()
  }
}
