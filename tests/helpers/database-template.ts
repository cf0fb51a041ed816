/**
 * The server project's global setup: one migrated database, with the job queue's tables and queues, made once per
 * run, that every test file's database starts as a copy of (createTestDatabase). Migrating a new database for each
 * of ninety files cost seconds of CPU apiece; a copy costs a fraction.
 * PGlite: a dump of its data folder in a temporary file. PostgreSQL (DATABASE_URL): a template database of this
 * run's own, dropped at the end.
 */
import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { createEmptyDatabase } from './database.ts'

export type DatabaseTemplate = { pgliteDump: string } | { postgresTemplate: string }

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate
  }
}

/** Migrates, then lets the app start its job queue once so pg-boss's schema and the kinds' queues exist. */
async function prepare(database: DatabaseHandle) {
  await database.migrate()
  const app = await buildApp({
    config: { ...testConfig({ JOBS_START: 'ready' }), JWT_SECRET: randomBytes(32).toString('hex') },
    database,
  })
  await app.ready()
  await app.close()
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const created = await createEmptyDatabase(serverUrl)
    const database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' })
    await prepare(database)
    await database.close()
    project.provide('databaseTemplate', { postgresTemplate: created.name })
    return () => created.drop()
  }
  const database = await openDatabase({ dataDir: 'memory://' })
  await prepare(database)
  const dump = await (database.jobsTarget as { pglite: PGlite }).pglite.dumpDataDir('none')
  await database.close()
  const file = join(tmpdir(), `fika-test-template-${randomBytes(6).toString('hex')}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('databaseTemplate', { pgliteDump: file })
  return () => rm(file, { force: true })
}
