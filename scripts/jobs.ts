/**
 * npm run jobs [-- dead <kind>]
 *
 * The background jobs as operators see them (docs/decisions/025-durable-jobs.md): each kind's jobs waiting, running,
 * done in the last 24 hours and given up (its dead letter), and with `dead <kind>` the dead letter's jobs, newest
 * first: when, after how many tries, and why, never what they carried (a push's text, a person's id).
 *
 * Reads DATA_DIR or DATABASE_URL like the server; with PGlite, stop the server first (one process at a time).
 */
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { JOBS_SCHEMA } from '#server/adapters/jobs/job-queue.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'

const USAGE = 'Usage: npm run jobs [-- dead <kind>]'
const DEAD_SHOWN = 50

async function rows<T>(db: Database, query: ReturnType<typeof sql>) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** One line per kind: waiting, running, done in 24 h, failed tries in 24 h, dead. */
async function summary(db: Database): Promise<string[]> {
  const counts = await rows<{ name: string; state: string; n: number }>(
    db,
    sql`select name, state, count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
        where state in ('created', 'retry', 'active') or completed_on > now() - interval '24 hours'
        group by name, state order by name, state`,
  )
  const kinds = [...new Set(counts.map((row) => row.name.replace(/\.dead$/, '')))].sort()
  const count = (name: string, states: string[]) =>
    counts
      .filter((row) => row.name === name && states.includes(row.state))
      .reduce((sum, row) => sum + row.n, 0)
  const lines = ['kind                      waiting  running  done 24h  failed 24h  dead']
  for (const kind of kinds)
    lines.push(
      [
        kind.padEnd(24),
        String(count(kind, ['created', 'retry'])).padStart(9),
        String(count(kind, ['active'])).padStart(8),
        String(count(kind, ['completed'])).padStart(9),
        String(count(kind, ['failed'])).padStart(11),
        String(count(`${kind}.dead`, ['created', 'retry', 'active'])).padStart(5),
      ].join(' '),
    )
  if (kinds.length === 0) lines.push('(no jobs in the last 24 hours)')
  return lines
}

async function dead(db: Database, kind: string): Promise<string[]> {
  const jobs = await rows<{ id: string; created_on: Date; reason: string | null; tries: number | null }>(
    db,
    sql`select id, created_on, data->>'reason' as reason, (data->>'attempt')::int as tries
        from ${sql.raw(JOBS_SCHEMA)}.job where name = ${`${kind}.dead`}
        order by created_on desc limit ${DEAD_SHOWN}`,
  )
  if (jobs.length === 0) return [`No dead ${kind} jobs.`]
  return jobs.map(
    (job) =>
      `${new Date(job.created_on).toISOString()}  ${job.id}  tries ${job.tries === null ? '?' : job.tries + 1}  ${job.reason ?? ''}`,
  )
}

/** What the command prints for its arguments; throws a usage error for anything else. */
export async function runJobsCommand(db: Database, args: string[]): Promise<string> {
  const [verb, kind] = args
  if (verb === undefined) return (await summary(db)).join('\n')
  if (verb === 'dead' && kind) return (await dead(db, kind)).join('\n')
  throw new Error(USAGE)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    console.log(await runJobsCommand(database.db, process.argv.slice(2)))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}
