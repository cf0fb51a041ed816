/**
 * npm run restore -- <backup folder>
 *
 * Brings a backup of `npm run backup` back into an EMPTY instance: a database without tables (PostgreSQL) or no
 * DATA_DIR/pglite folder (PGlite), and no uploaded file. It checks every file of the backup against its manifest
 * and the target's emptiness before it changes anything (docs/operations.md, "Backups and restore").
 */
import { constants } from 'node:fs'
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { loadConfig } from '#server/config.ts'
import { PGLITE_EXTENSIONS, pgliteFolder } from '#server/db/client.ts'
import {
  BackupError,
  FORMAT_VERSION,
  KEY_FILES,
  KEYS_FOLDER,
  libpqConnection,
  listFiles,
  MANIFEST_FILE,
  migrationCount,
  runPostgresTool,
  sha256File,
  DOCUMENTS_FOLDER,
  UPLOADS_FOLDER,
  userTables,
  withPostgres,
  type Manifest,
} from './backup-format.ts'

export type RestoreOptions = {
  /** The backup folder (`fika-backup-…`). */
  from: string
  dataDir: string
  /** PostgreSQL's URL; PGlite in DATA_DIR/pglite without it. */
  databaseUrl?: string
}

const MIGRATIONS_JOURNAL = fileURLToPath(
  new URL('../server/db/migrations/meta/_journal.json', import.meta.url),
)

async function readManifest(from: string): Promise<Manifest> {
  const text = await readFile(join(from, MANIFEST_FILE), 'utf8').catch(() => {
    throw new BackupError(`${from} is not a backup: it has no ${MANIFEST_FILE}`)
  })
  let manifest: Manifest
  try {
    manifest = JSON.parse(text) as Manifest
  } catch {
    throw new BackupError(`${join(from, MANIFEST_FILE)} is damaged: it is not JSON`)
  }
  if (manifest.format !== FORMAT_VERSION)
    throw new BackupError(
      `${from} is a backup of format ${String(manifest.format)}; this version reads ${FORMAT_VERSION}`,
    )
  // Key files are written into DATA_DIR itself: only the names the server reads there.
  const unknownKey = Object.keys(manifest.keys).find((name) => !KEY_FILES.some((known) => known === name))
  if (unknownKey !== undefined) throw new BackupError(`The manifest names an unknown key file: ${unknownKey}`)
  return manifest
}

/** A path the manifest names, when it stays inside its folder (a damaged or hand-edited manifest may not). */
function inside(folder: string, name: string) {
  const path = normalize(join(folder, name))
  if (isAbsolute(name) || !path.startsWith(folder + sep))
    throw new BackupError(`The manifest names a file outside the backup: ${name}`)
  return path
}

/** Every file the manifest lists, hashed again: one changed byte anywhere refuses the whole restore. */
async function verifyFiles(from: string, manifest: Manifest) {
  const expected: [string, string][] = [
    [manifest.database.file, manifest.database.sha256],
    ...Object.entries(manifest.uploads.sha256).map(([name, hash]): [string, string] => [
      `${UPLOADS_FOLDER}/${name}`,
      hash,
    ]),
    ...Object.entries(manifest.documents?.sha256 ?? {}).map(([name, hash]): [string, string] => [
      `${DOCUMENTS_FOLDER}/${name}`,
      hash,
    ]),
    ...Object.entries(manifest.keys).map(([name, hash]): [string, string] => [
      `${KEYS_FOLDER}/${name}`,
      hash,
    ]),
  ]
  for (const [name, hash] of expected) {
    const actual = await sha256File(inside(from, name)).catch(() => 'missing')
    if (actual !== hash)
      throw new BackupError(
        `The backup is damaged: ${name} is ${actual === 'missing' ? 'missing' : 'not the file it was'} ` +
          '(its SHA-256 differs from the manifest). Nothing was changed.',
      )
  }
}

/** A backup taken by a newer version of the app has migrations this one does not know: its server would fail. */
async function checkSchemaVersion(manifest: Manifest) {
  const journal = JSON.parse(await readFile(MIGRATIONS_JOURNAL, 'utf8')) as { entries: unknown[] }
  if (manifest.database.migrations > journal.entries.length)
    throw new BackupError(
      `The backup's database has ${manifest.database.migrations} migrations; this version of the app knows ` +
        `${journal.entries.length}. Restore with the app version the backup was taken with, or a newer one.`,
    )
}

/** Refuses a target that holds anything a restore would mix with or overwrite. */
async function checkTargetEmpty(options: RestoreOptions, manifest: Manifest) {
  const refuse = (what: string) =>
    new BackupError(`Restore refused: ${what}. Restore only into an empty instance. Nothing was changed.`)
  if (options.databaseUrl) {
    const tables = await withPostgres(options.databaseUrl, userTables)
    if (tables.length > 0)
      throw refuse(`the database has ${tables.length} tables (${tables.slice(0, 3).join(', ')}…)`)
  } else {
    const folder = pgliteFolder(options.dataDir)
    const entries = await readdir(folder).catch(() => [])
    if (entries.length > 0) throw refuse(`${folder} already holds a database`)
  }
  const uploads = await listFiles(join(options.dataDir, UPLOADS_FOLDER))
  if (uploads.length > 0) throw refuse(`${join(options.dataDir, UPLOADS_FOLDER)} has ${uploads.length} files`)
  const documents = await listFiles(join(options.dataDir, DOCUMENTS_FOLDER))
  if (documents.length > 0)
    throw refuse(`${join(options.dataDir, DOCUMENTS_FOLDER)} has ${documents.length} files`)
  for (const name of Object.keys(manifest.keys)) {
    const present = await sha256File(join(options.dataDir, name)).catch(() => undefined)
    if (present !== undefined && present !== manifest.keys[name])
      throw refuse(`${join(options.dataDir, name)} exists and differs from the backup's`)
  }
}

async function restoreDatabase(options: RestoreOptions, manifest: Manifest) {
  const file = join(options.from, manifest.database.file)
  if (options.databaseUrl) {
    const { dbname, env } = libpqConnection(options.databaseUrl)
    // One transaction that stops at the first error: a restore that fails leaves the database as empty as it was.
    const args = ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--no-password']
    await runPostgresTool('pg_restore', [...args, `--dbname=${dbname}`, file], env)
    return
  }
  await mkdir(options.dataDir, { recursive: true })
  const client = await PGlite.create(pgliteFolder(options.dataDir), {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([await readFile(file)]),
  })
  try {
    const migrations = await migrationCount(
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    )
    if (migrations !== manifest.database.migrations)
      throw new BackupError(
        `The restored database has ${migrations} migrations, the manifest says ${manifest.database.migrations}`,
      )
  } finally {
    await client.close()
  }
}

async function copyInto(from: string, to: string, names: readonly string[]) {
  for (const name of names) {
    await mkdir(dirname(join(to, name)), { recursive: true })
    await copyFile(join(from, name), join(to, name), constants.COPYFILE_EXCL)
  }
}

/** Restores one backup; answers what to print. */
export async function runRestore(given: RestoreOptions): Promise<string> {
  const options = { ...given, from: resolve(given.from) }
  const manifest = await readManifest(options.from)
  const targetKind = options.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.database.kind !== targetKind)
    throw new BackupError(
      `The backup holds a ${manifest.database.kind} database and this instance uses ${targetKind} ` +
        '(DATABASE_URL decides): restore it into the same kind',
    )
  await checkSchemaVersion(manifest)
  await verifyFiles(options.from, manifest)
  await checkTargetEmpty(options, manifest)

  await restoreDatabase(options, manifest)
  await mkdir(options.dataDir, { recursive: true })
  await copyInto(
    join(options.from, UPLOADS_FOLDER),
    join(options.dataDir, UPLOADS_FOLDER),
    Object.keys(manifest.uploads.sha256),
  )
  await copyInto(
    join(options.from, DOCUMENTS_FOLDER),
    join(options.dataDir, DOCUMENTS_FOLDER),
    Object.keys(manifest.documents?.sha256 ?? {}),
  )
  // A key the target already has is the same file (checkTargetEmpty): only the missing ones are copied.
  const keys = Object.keys(manifest.keys)
  for (const name of keys)
    await copyFile(
      join(options.from, KEYS_FOLDER, name),
      join(options.dataDir, name),
      constants.COPYFILE_EXCL,
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
  return (
    `Restored ${options.from} (taken ${manifest.createdAt}): the ${manifest.database.kind} database ` +
    `(${manifest.database.migrations} migrations), ${manifest.uploads.files} uploaded files, ${keys.length} keys`
  )
}

async function main() {
  const [from, ...rest] = process.argv.slice(2)
  if (!from || rest.length > 0) {
    console.error('Usage: npm run restore -- <backup folder>')
    process.exitCode = 1
    return
  }
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL })
  try {
    console.log(await runRestore({ from, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL }))
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    console.error(error.message)
    process.exitCode = 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
