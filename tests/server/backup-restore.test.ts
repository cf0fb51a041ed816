import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDocumentVault } from '#server/adapters/documents/document-vault.ts'
import { parseDocumentsKeys } from '#server/documents-key.ts'
import { createLocalStorage } from '#server/adapters/storage/local-storage.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { seedCatalogue, seedContent } from '#server/seed/catalogue-seed.ts'
import { seedDemoOrders } from '#server/seed/demo-orders.ts'
import { seedDemoSpecialists } from '#server/seed/demo-specialists.ts'
import { seedDemoUsers } from '#server/seed/demo-users.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import { createEmptyDatabase } from '#tests/helpers/database.ts'
import { listFiles, userTables, type Manifest, type RunSql } from '../../scripts/backup-format.ts'
import { runBackup } from '../../scripts/backup.ts'
import { runRestore } from '../../scripts/restore.ts'

const serverUrl = process.env.DATABASE_URL
// Each run tests its own database: `npm test` PGlite, the run with DATABASE_URL PostgreSQL.
const KINDS = serverUrl ? (['postgres'] as const) : (['pglite'] as const)
const SCRIPTS = new URL('../../scripts/', import.meta.url)

/** A place to restore into: a new DATA_DIR and, on PostgreSQL, a new empty database. */
type Instance = { dataDir: string; databaseUrl?: string; drop?: () => Promise<void> }

let temp: string
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'fika-backup-test-'))
})
afterAll(() => rm(temp, { recursive: true, force: true }))

async function newInstance(kind: 'pglite' | 'postgres', name: string): Promise<Instance> {
  const dataDir = join(temp, name)
  await mkdir(dataDir, { recursive: true })
  if (kind === 'pglite') return { dataDir }
  const created = await createEmptyDatabase(serverUrl!)
  return { dataDir, databaseUrl: created.url, drop: created.drop }
}

const openInstance = (instance: Instance) =>
  openDatabase({ dataDir: instance.dataDir, databaseUrl: instance.databaseUrl })

const runOn =
  (handle: DatabaseHandle): RunSql =>
  async (text) =>
    ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows

/** Every table's row count and a hash of its ordered rows, in every schema, and every sequence's position. */
async function databaseContents(instance: Instance) {
  const handle = await openInstance(instance)
  try {
    const run = runOn(handle)
    const contents: Record<string, unknown> = {}
    for (const table of await userTables(run)) {
      const [schema, name] = table.split('.')
      const [row] = await run(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash
         from "${schema}"."${name}" t`,
      )
      contents[table] = row
    }
    for (const row of await run(
      `select schemaname || '.' || sequencename as name, last_value from pg_sequences order by 1`,
    ))
      contents[`sequence ${String(row.name)}`] = row.last_value
    return contents
  } finally {
    await handle.close()
  }
}

/** Every uploaded file's bytes (or, with `folder`, every identity document's), by path. */
async function uploadedFiles(dataDir: string, folder = 'uploads') {
  const root = join(dataDir, folder)
  const files: Record<string, Buffer> = {}
  for (const name of await listFiles(root)) files[name] = await readFile(join(root, name))
  return files
}

/** A database the real server code filled: migrated, seeded (with demo pictures saved as uploads), and a table
 * in a schema of its own, as pg-boss keeps its jobs. */
async function filledInstance(kind: 'pglite' | 'postgres'): Promise<Instance> {
  const instance = await newInstance(kind, 'source')
  const handle = await openInstance(instance)
  try {
    await handle.migrate()
    await seedCatalogue(handle.db)
    await seedContent(handle.db)
    await seedRegions(handle.db)
    await seedDemoUsers(handle.db)
    await seedDemoOrders(handle.db, new Date())
    await seedDemoSpecialists(handle.db, createLocalStorage(instance.dataDir), new Date())
    await handle.db.execute(sql`create schema backup_probe`)
    await handle.db.execute(
      sql`create table backup_probe.jobs (id serial primary key, payload jsonb not null)`,
    )
    await handle.db.execute(
      sql`insert into backup_probe.jobs (payload) values ('{"a": 1}'), ('{"b": [2, 3]}')`,
    )
  } finally {
    await handle.close()
  }
  await writeFile(join(instance.dataDir, 'jwt-secret'), 'a-generated-secret-of-this-instance-0123456789')
  // An identity document as the server stores one: encrypted, in DATA_DIR/documents.
  const keys = parseDocumentsKeys(`1:${Buffer.alloc(32, 5).toString('base64')}`)
  await createDocumentVault(instance.dataDir, keys).store(Buffer.from('a passport photo, as bytes'))
  return instance
}

describe.each(KINDS)('npm run backup and npm run restore on %s', (kind) => {
  let source: Instance
  let sourceContents: Awaited<ReturnType<typeof databaseContents>>
  let backup: { folder: string; manifest: Manifest }
  const instances: Instance[] = []
  const target = async (name: string) => {
    const instance = await newInstance(kind, `${kind}-${name}`)
    instances.push(instance)
    return instance
  }

  // Two hooks, each in its own time limit: PGlite's first start alone takes seconds on busy cores.
  beforeAll(async () => {
    source = await filledInstance(kind)
    instances.push(source)
  })
  beforeAll(async () => {
    sourceContents = await databaseContents(source)
    backup = await runBackup({ ...source, outDir: join(temp, `${kind}-backups`) })
  })
  afterAll(async () => {
    for (const instance of instances) await instance.drop?.()
  })

  it('restores into a new data directory the same rows in every schema and the same files', async () => {
    const restored = await target('restored')
    const said = await runRestore({ from: backup.folder, ...restored })

    expect(said).toContain(`${backup.manifest.uploads.files} uploaded files`)
    const files = await uploadedFiles(restored.dataDir)
    expect(Object.keys(files).length).toBeGreaterThan(10)
    expect(files).toEqual(await uploadedFiles(source.dataDir))
    const documents = await uploadedFiles(restored.dataDir, 'documents')
    expect(Object.keys(documents)).toHaveLength(1)
    expect(documents).toEqual(await uploadedFiles(source.dataDir, 'documents'))
    const contents = await databaseContents(restored)
    expect(contents['backup_probe.jobs']).toMatchObject({ rows: 2 })
    expect(contents['public.users']).toMatchObject({ rows: expect.any(Number) })
    expect(contents).toEqual(sourceContents)
    expect(await readFile(join(restored.dataDir, 'jwt-secret'), 'utf8')).toBe(
      'a-generated-secret-of-this-instance-0123456789',
    )
  })

  it('refuses a target that has tables, and changes nothing there', async () => {
    const filesBefore = await uploadedFiles(source.dataDir)

    await expect(runRestore({ from: backup.folder, ...source })).rejects.toThrow(
      /^Restore refused: .* Nothing was changed\.$/,
    )
    expect(await databaseContents(source)).toEqual(sourceContents)
    expect(await uploadedFiles(source.dataDir)).toEqual(filesBefore)
  })

  it('refuses a target with uploaded files, leaving its empty database empty', async () => {
    const halfFull = await target('with-files')
    await mkdir(join(halfFull.dataDir, 'uploads', 'avatars'), { recursive: true })
    await writeFile(join(halfFull.dataDir, 'uploads', 'avatars', 'mine.webp'), 'not from the backup')

    await expect(runRestore({ from: backup.folder, ...halfFull })).rejects.toThrow(
      /uploads has 1 files\. Restore only into an empty instance/,
    )
    expect(await listFiles(join(halfFull.dataDir, 'uploads'))).toEqual(['avatars/mine.webp'])
    if (kind === 'pglite') expect(await readdir(halfFull.dataDir)).toEqual(['uploads'])
    else expect(await databaseContents(halfFull)).toEqual({})
  })

  it.each([
    ['the database dump', (manifest: Manifest) => manifest.database.file],
    ['an uploaded file', (manifest: Manifest) => `uploads/${Object.keys(manifest.uploads.sha256)[0]}`],
  ])(
    'refuses a backup in which one byte of %s changed, before touching the target',
    async (_part, fileOf) => {
      const damaged = join(temp, `${kind}-damaged-${Math.random().toString(36).slice(2)}`)
      await cp(backup.folder, damaged, { recursive: true })
      const file = join(damaged, fileOf(backup.manifest))
      const bytes = await readFile(file)
      bytes[Math.floor(bytes.length / 2)]! ^= 0x01
      await writeFile(file, bytes)
      const empty = await target('for-damaged')

      await expect(runRestore({ from: damaged, ...empty })).rejects.toThrow(
        `The backup is damaged: ${fileOf(backup.manifest)} is not the file it was`,
      )
      expect(await readdir(empty.dataDir)).toEqual([])
      if (kind === 'postgres') expect(await databaseContents(empty)).toEqual({})
    },
  )

  it('writes a manifest that names the database, its schema version and every file', () => {
    expect(backup.folder).toMatch(/fika-backup-\d{8}T\d{6}Z$/)
    expect(backup.manifest).toMatchObject({
      format: 1,
      database: { kind, migrations: expect.any(Number) },
      uploads: { files: Object.keys(backup.manifest.uploads.sha256).length },
      documents: { files: 1 },
      keys: { 'jwt-secret': expect.stringMatching(/^[0-9a-f]{64}$/) },
    })
    expect(backup.manifest.database.migrations).toBeGreaterThan(20)
    expect(Object.keys(backup.manifest.documents!.sha256)).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}\.bin$/),
    ])
  })

  // PGlite lets a second process open a folder that is open already, and two would damage it.
  it.runIf(kind === 'pglite')('refuses a PGlite database a server has open, writing nothing', async () => {
    const server = await openInstance(source)
    const out = join(temp, 'while-open')
    try {
      await expect(runBackup({ ...source, outDir: out })).rejects.toThrow(
        /is open \(it has a postmaster\.pid\): stop the server and run the backup again/,
      )
    } finally {
      await server.close()
    }
    expect(await readdir(out)).toEqual([])
  })

  it.runIf(kind === 'pglite')('backs up as the npm script, printing where', async () => {
    const out = join(temp, 'process-backups')
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [new URL('backup.ts', SCRIPTS).pathname, '--out', out],
      { env: { PATH: process.env.PATH, DATA_DIR: source.dataDir } },
    )

    const folder = /^Backup written: (.+)$/m.exec(stdout)![1]!
    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Manifest
    // The same files; the database's tar differs in its files' times, PGlite having been opened again.
    expect(manifest).toMatchObject({
      database: { kind: 'pglite', migrations: backup.manifest.database.migrations },
      uploads: backup.manifest.uploads,
    })
    expect(stdout).toContain(`database (pglite, ${manifest.database.migrations} migrations)`)
  })
})
