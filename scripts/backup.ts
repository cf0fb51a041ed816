/**
 * npm run backup [-- --out <dir>]
 *
 * Writes a backup folder `fika-backup-<UTC time>/` into BACKUP_DIR (default DATA_DIR/backups) or `--out`: the
 * whole database, the uploaded files and the generated keys, with a manifest of their SHA-256 (scripts/
 * backup-format.ts, docs/operations.md "Backups and restore"). PostgreSQL is dumped while the servers run; PGlite
 * only while no server has it open.
 */
import { constants } from 'node:fs'
import { chmod, copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { loadConfig } from '#server/config.ts'
import { PGLITE_EXTENSIONS, pgliteFolder, type DatabaseKind } from '#server/db/client.ts'
import {
  BackupError,
  DATABASE_FILES,
  DOCUMENTS_FOLDER,
  FORMAT_VERSION,
  KEY_FILES,
  KEYS_FOLDER,
  libpqConnection,
  listFiles,
  MANIFEST_FILE,
  migrationCount,
  runPostgresTool,
  sha256File,
  UPLOADS_FOLDER,
  withPostgres,
  type Manifest,
} from './backup-format.ts'

export type BackupOptions = {
  dataDir: string
  /** PostgreSQL's URL; PGlite in DATA_DIR/pglite without it. */
  databaseUrl?: string
  /** The folder the backup is written into. */
  outDir: string
  now?: Date
}

/** The UTC time in a name every file system takes and that sorts by age: 20261127T043512Z. */
export const backupName = (now: Date) =>
  `fika-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`

/** `pg_dump` of the whole database in one snapshot: consistent while the servers keep writing. */
async function dumpPostgres(databaseUrl: string, file: string): Promise<number> {
  const migrations = await withPostgres(databaseUrl, migrationCount)
  const { dbname, env } = libpqConnection(databaseUrl)
  await runPostgresTool(
    'pg_dump',
    ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`],
    env,
  )
  return migrations
}

/**
 * PGlite's data folder as PGlite itself dumps it. PGlite does not stop a second process from opening the same
 * folder, and two would corrupt it, so a folder with a postmaster.pid (written while it is open, removed by a clean
 * close) is refused.
 */
async function dumpPglite(dataDir: string, file: string): Promise<number> {
  const folder = pgliteFolder(dataDir)
  const exists = (name: string) =>
    stat(join(folder, name)).then(
      () => true,
      () => false,
    )
  if (!(await exists('PG_VERSION'))) throw new BackupError(`No PGlite database in ${folder}: check DATA_DIR`)
  if (await exists('postmaster.pid'))
    throw new BackupError(
      `The database in ${folder} is open (it has a postmaster.pid): stop the server and run the backup again. ` +
        'When no server runs, the last one stopped without closing it: start the server once and stop it ' +
        '(Ctrl+C or SIGTERM), then back up.',
    )
  const client = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS })
  try {
    const migrations = await migrationCount(
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    )
    const dump = await client.dumpDataDir('gzip')
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 })
    return migrations
  } finally {
    await client.close()
  }
}

/**
 * Copies the files of `from` into `to` and answers their SHA-256 by relative path, hashed from the copies. A file
 * deleted between the listing and its copy (an upload removed meanwhile) is left out.
 */
async function copyHashed(from: string, to: string, names: readonly string[]) {
  const hashes: Record<string, string> = {}
  let bytes = 0
  for (const name of names) {
    const target = join(to, name)
    await mkdir(dirname(target), { recursive: true })
    try {
      await copyFile(join(from, name), target, constants.COPYFILE_EXCL)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    hashes[name] = await sha256File(target)
    bytes += (await stat(target)).size
  }
  return { hashes, bytes }
}

/** Writes one backup and answers its folder and manifest. */
export async function runBackup(options: BackupOptions): Promise<{ folder: string; manifest: Manifest }> {
  const now = options.now ?? new Date()
  const kind: DatabaseKind = options.databaseUrl ? 'postgres' : 'pglite'
  const folder = join(options.outDir, backupName(now))
  // Written under another name and renamed at the end: a folder with the final name is always a whole backup.
  const partial = `${folder}.partial`
  await mkdir(options.outDir, { recursive: true, mode: 0o700 })
  await rm(partial, { recursive: true, force: true })
  // Personal data and keys: only the owner may read a backup.
  await mkdir(partial, { mode: 0o700 })
  try {
    const databaseFile = join(partial, DATABASE_FILES[kind])
    // The database first, the files after: every upload a row of the dump names was saved before the dump began.
    const migrations = options.databaseUrl
      ? await dumpPostgres(options.databaseUrl, databaseFile)
      : await dumpPglite(options.dataDir, databaseFile)
    const uploadsFrom = join(options.dataDir, UPLOADS_FOLDER)
    const uploads = await copyHashed(uploadsFrom, join(partial, UPLOADS_FOLDER), await listFiles(uploadsFrom))
    const documentsFrom = join(options.dataDir, DOCUMENTS_FOLDER)
    const documents = await copyHashed(
      documentsFrom,
      join(partial, DOCUMENTS_FOLDER),
      await listFiles(documentsFrom),
    )
    const keys = await copyHashed(options.dataDir, join(partial, KEYS_FOLDER), KEY_FILES)
    const manifest: Manifest = {
      format: FORMAT_VERSION,
      createdAt: now.toISOString(),
      database: {
        kind,
        file: DATABASE_FILES[kind],
        bytes: (await stat(databaseFile)).size,
        sha256: await sha256File(databaseFile),
        migrations,
      },
      uploads: { files: Object.keys(uploads.hashes).length, bytes: uploads.bytes, sha256: uploads.hashes },
      documents: {
        files: Object.keys(documents.hashes).length,
        bytes: documents.bytes,
        sha256: documents.hashes,
      },
      keys: keys.hashes,
    }
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    await chmod(databaseFile, 0o600)
    await rename(partial, folder)
    return { folder, manifest }
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** The line the command prints for a backup it wrote. */
export function describeBackup(folder: string, manifest: Manifest) {
  const { database, uploads } = manifest
  return (
    `Backup written: ${folder}\n` +
    `  database (${database.kind}, ${database.migrations} migrations): ${megabytes(database.bytes)}\n` +
    `  uploads: ${uploads.files} files, ${megabytes(uploads.bytes)}; keys: ${Object.keys(manifest.keys).length}`
  )
}

async function main() {
  let out: string | undefined
  try {
    out = parseArgs({ options: { out: { type: 'string' } } }).values.out
  } catch {
    console.error('Usage: npm run backup [-- --out <folder>]')
    process.exitCode = 1
    return
  }
  // Only what the backup reads: it must run with the server's environment or none.
  const config = loadConfig({
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    BACKUP_DIR: process.env.BACKUP_DIR,
  })
  try {
    const { folder, manifest } = await runBackup({
      dataDir: config.DATA_DIR,
      databaseUrl: config.DATABASE_URL,
      outDir: out ?? config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'),
    })
    console.log(describeBackup(folder, manifest))
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    console.error(error.message)
    process.exitCode = 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
