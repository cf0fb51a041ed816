/**
 * npm run bench:jobs [-- --jobs N] — the job queue (docs/decisions/025-durable-jobs.md) on PGlite and, with
 * DATABASE_URL, on PostgreSQL (a database of its own, created and dropped):
 *
 * - throughput: N jobs (5,000 by default) stored in one insert, then run by one process's worker (8 at a time, as
 *   push sends run): jobs per second from the first start to the last end;
 * - a burst of sends: N jobs, each its own `send` (as every conversation's first message schedules its check), all
 *   made at once with delayed due times, so nothing runs meanwhile: the time until every send has resolved (its job
 *   stored) and the jobs stored per second, beside the same burst stored one statement per job;
 * - latency from due time to start: 200 jobs, one every 25 ms, each due 1 s after it is made (as a chat check is
 *   due 10 s after its message), and 200 more due at once (as a push is): p50, p99 and max of start minus due.
 *
 * The handlers do nothing but note the time: what is measured is the queue itself (its queries, NOTIFY, polling).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createJobQueue } from '#server/adapters/jobs/job-queue.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { createEmptyDatabase } from '#tests/helpers/database.ts'

const argIndex = process.argv.indexOf('--jobs')
const JOBS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 5_000
const TIMED = 200
const quiet = { info: () => undefined, warn: () => undefined, error: console.error }

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function measure(database: DatabaseHandle) {
  const queue = createJobQueue(database.jobsTarget, { log: quiet, schedules: false })
  const done = { throughput: 0, first: 0, last: 0 }
  const lateness: Record<'delayed' | 'immediate', number[]> = { delayed: [], immediate: [] }
  queue.define<{ n: number }>(
    'bench.throughput',
    { retryLimit: 0, retryDelayS: 1, expireInS: 60, pollS: 1, concurrency: 8 },
    async () => {
      done.first ||= performance.now()
      done.last = performance.now()
      done.throughput++
    },
  )
  queue.define<{ n: number }>(
    'bench.burst',
    { retryLimit: 0, retryDelayS: 1, expireInS: 60, pollS: 30 },
    async () => undefined,
  )
  for (const kind of ['delayed', 'immediate'] as const)
    queue.define<{ dueAt: number }>(
      `bench.${kind}`,
      { retryLimit: 0, retryDelayS: 1, expireInS: 60, pollS: 1, concurrency: 8 },
      async ({ dueAt }) => void lateness[kind].push(Date.now() - dueAt),
    )
  await queue.start()
  try {
    await queue.sendMany(
      'bench.throughput',
      Array.from({ length: JOBS }, (_, n) => ({ n })),
    )
    while (done.throughput < JOBS) await sleep(50)
    const seconds = (done.last - done.first) / 1000
    console.log(
      `  throughput: ${JOBS} jobs in ${seconds.toFixed(1)} s = ${(JOBS / seconds).toFixed(0)} jobs/s`,
    )

    // The same burst as one statement per job (sendMany of one job does not coalesce): the baseline.
    const burst = async (label: string, sendOne: (n: number) => Promise<void>) => {
      const start = performance.now()
      await Promise.all(Array.from({ length: JOBS }, (_, n) => sendOne(n)))
      const seconds = (performance.now() - start) / 1000
      console.log(
        `  a burst of ${JOBS} sends at once, ${label}: all stored in ${seconds.toFixed(2)} s = ${(JOBS / seconds).toFixed(0)} jobs/s`,
      )
    }
    await burst('one statement each (baseline)', (n) =>
      queue.sendMany('bench.burst', [{ n }], () => ({ startAfterS: 3600 })),
    )
    await burst('coalesced (send)', (n) => queue.send('bench.burst', { n }, { startAfterS: 3600 }))

    for (let n = 0; n < TIMED; n++) {
      await queue.send('bench.delayed', { dueAt: Date.now() + 1000 }, { startAfterS: 1 })
      await queue.send('bench.immediate', { dueAt: Date.now() })
      await sleep(25)
    }
    while (lateness.delayed.length < TIMED || lateness.immediate.length < TIMED) await sleep(50)
    console.log(`  due 1 s later, start minus due: ${summary(lateness.delayed)}`)
    console.log(`  due at once, start minus send:  ${summary(lateness.immediate)}`)
  } finally {
    await queue.stop()
  }
}

async function main() {
  console.log(`bench:jobs, ${JOBS} jobs for throughput, ${TIMED} timed of each kind`)
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-jobs-'))
  try {
    console.log('PGlite (embedded, one process)')
    const pglite = await openDatabase({ dataDir })
    await measure(pglite)
    await pglite.close()
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return console.log('PostgreSQL: skipped (set DATABASE_URL)')
  const created = await createEmptyDatabase(serverUrl)
  try {
    console.log('PostgreSQL')
    const postgres = await openDatabase({ databaseUrl: created.url, dataDir: tmpdir() })
    await measure(postgres)
    await postgres.close()
  } finally {
    await created.drop()
  }
}

await main()
