/**
 * Background work as durable jobs on the database we already have (pg-boss; docs/decisions/025-durable-jobs.md).
 * A job is a row: it survives a restart, a deploy or a killed process, and whichever process is up runs it. Each
 * kind is declared once with its retry policy; a try that throws is tried again with exponential backoff, and one
 * that never succeeds ends in the kind's dead letter (`<kind>.dead`), which `npm run jobs` shows to operators.
 */
import type { PGlite } from '@electric-sql/pglite'
import { PgBoss, fromPglite, type Job } from 'pg-boss'
import { v7 as timeOrderedId } from 'uuid'
import { coalescedCalls } from '#server/lib/coalesced-calls.ts'
import { currentRequestId, withRequestId } from '#server/lib/request-context.ts'

export type JobLog = {
  info: (object: object, message: string) => void
  warn: (object: object, message: string) => void
  error: (object: object, message: string) => void
}

export type JobKindOptions = {
  /** Tries after the first when the handler throws; each waits twice as long as the one before. */
  retryLimit: number
  /** The first retry's wait. */
  retryDelayS: number
  /** How long one try may run before it counts as failed (a process killed mid-try: another takes it over). */
  expireInS: number
  /** How often an idle worker looks for due jobs (delayed ones); a job due at once wakes it by NOTIFY. */
  pollS: number
  /** Jobs of this kind one process runs at a time. */
  concurrency?: number
  /**
   * `onePerKey`: while a job with a key waits, another send with the same key is dropped (a burst of chat
   * messages is one check). `oneAtATime`: one job waits and one runs at most (schedules: never two runs at once).
   * `inOrderPerKey`: the jobs of one key run one at a time in the order they were sent, other keys alongside (a
   * person's Telegram messages); every send names its key. A job that used its tries goes to the dead letter
   * without failing: a failed job would hold back every later one of its key.
   */
  policy?: 'onePerKey' | 'oneAtATime' | 'inOrderPerKey'
  /** A cron schedule in UTC: at each tick one job of this kind is made, by one process of all. */
  cron?: string
  /** Makes one job at start (a schedule's missed tick after downtime is caught up at once); with schedules only. */
  runOnStart?: boolean
}

export type JobContext = { id: string; kind: string; retryCount: number; log: JobLog }
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>

export type SendOptions = {
  /** With `onePerKey`: the job's identity, so a second one waiting is not made. With `inOrderPerKey`: its line. */
  key?: string
  /** Runs no sooner than this many seconds from now. */
  startAfterS?: number
  /** Taken before the waiting jobs of its kind with a lower one (0 when not given). */
  priority?: number
}

/** Job counts of one kind, as operators and metrics read them. */
export type KindCounts = {
  kind: string
  /** Waiting, due or not yet (delayed). */
  queued: number
  active: number
  /** Given up (in the dead letter) and not yet deleted. */
  dead: number
}

export type JobQueue = ReturnType<typeof createJobQueue>

/** Where pg-boss keeps its tables: a schema of its own, beside ours. */
export const JOBS_SCHEMA = 'pgboss'
/** Dead jobs and finished ones are kept this long for operators (then pg-boss deletes them). */
const KEEP_DEAD_S = 14 * 24 * 3600
const KEEP_DONE_S = 24 * 3600
/** What stop() waits for running jobs before it fails them back to the queue (another process retries them). */
const STOP_GRACE_MS = 20_000

const deadLetterOf = (kind: string) => `${kind}.dead`
/** A job's data carries the id of the request that queued it, when there is one. */
const withRequest = <T extends object>(data: T) => {
  const requestId = currentRequestId()
  return requestId === undefined ? data : { ...data, requestId }
}

type Defined = { options: JobKindOptions; handler: JobHandler<never> }

type Hooks = {
  onCompleted?: (kind: string) => void
  onFailed?: (kind: string) => void
}

/** pg-boss on the app's database, its errors in our log. */
function createBoss(target: { pglite: PGlite } | { url: string }, log: JobLog, schedules: boolean) {
  const boss = new PgBoss({
    ...('pglite' in target
      ? { db: fromPglite(target.pglite), backend: 'pglite' as const }
      : { connectionString: target.url, max: 4, application_name: 'fika-jobs' }),
    schema: JOBS_SCHEMA,
    useListenNotify: true,
    schedule: schedules,
    // The instance registry and queue statistics are for pg-boss's dashboard, which we do not run.
    registerInstance: false,
  })
  // pg-boss reports a failed maintenance query or a lost listener here; without a listener it would throw.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  return boss
}

/**
 * A send's options as pg-boss names them. pg-boss orders one key's jobs by their creation time, then by id: ids
 * ordered by time (UUIDv7, monotonic within a process) keep two sends of the same instant in the order they were
 * made (PGlite's clock often gives both the same time).
 */
const bossSendOptions = (options: SendOptions) => ({
  id: timeOrderedId(),
  ...(options.key !== undefined && { singletonKey: options.key }),
  ...(options.startAfterS !== undefined && options.startAfterS > 0 && { startAfter: options.startAfterS }),
  ...(options.priority !== undefined && { priority: options.priority }),
})

type BossJob = { data: object } & ReturnType<typeof bossSendOptions>

/** Each kind's sends, stored together while an insert of the kind is on its way (a burst is one statement). */
function coalescedInsertsByKind(boss: PgBoss) {
  const inserts = new Map<string, (job: BossJob) => Promise<void>>()
  return (kind: string) => {
    let insert = inserts.get(kind)
    if (!insert) {
      insert = coalescedCalls<BossJob, void>(async (jobs) => {
        await boss.insert(kind, jobs)
        return jobs.map(() => undefined)
      })
      inserts.set(kind, insert)
    }
    return insert
  }
}

/**
 * The queue on PGlite (the embedded database, through pg-boss's own adapter: one process, as PGlite allows) or on
 * PostgreSQL (its own small pool, with LISTEN/NOTIFY so a job due now starts at once on any process).
 */
export function createJobQueue(
  target: { pglite: PGlite } | { url: string },
  {
    log,
    hooks = {},
    schedules = true,
    startOnFirstJob = false,
  }: { log: JobLog; hooks?: Hooks; schedules?: boolean; startOnFirstJob?: boolean },
) {
  const boss = createBoss(target, log, schedules)
  const kinds = new Map<string, Defined>()
  const insertOf = coalescedInsertsByKind(boss)
  let started = false
  /** Set once the app is ready (every kind declared): the start itself, or, lazily, the right to start. */
  let ready = false
  let starting: Promise<void> | undefined

  /** Starts pg-boss, makes the kinds' queues and schedules and starts their workers; once. */
  function startOnce() {
    starting ??= (async () => {
      await boss.start()
      for (const [kind, defined] of kinds) {
        await ensureQueue(boss, kind, defined.options)
        if (defined.options.policy === 'inOrderPerKey') await releaseFailedHeads(boss, kind)
        if (defined.options.cron && schedules)
          await boss.schedule(kind, defined.options.cron, {}, { tz: 'UTC' })
      }
      for (const [kind, defined] of kinds) await work(boss, { log, hooks }, kind, defined)
      started = true
      for (const [kind, defined] of kinds)
        if (defined.options.runOnStart && schedules) await boss.send(kind, {}, { singletonKey: 'start' })
    })()
    return starting
  }

  /** Before anything that reads or writes jobs: the queue runs (a lazy one starts here). */
  async function running(kind?: string) {
    if (kind !== undefined && !kinds.has(kind)) throw new Error(`job kind ${kind} is not defined`)
    if (!ready) throw new Error('the job queue is used before the app is ready')
    await startOnce()
  }

  return {
    /** Declares a kind, before start(): its policy, its schedule and what runs it. */
    define<T extends object>(kind: string, options: JobKindOptions, handler: JobHandler<T>) {
      if (ready) throw new Error(`job kind ${kind} defined after the queue started`)
      if (kinds.has(kind)) throw new Error(`job kind ${kind} defined twice`)
      kinds.set(kind, { options, handler: handler as JobHandler<never> })
    },

    /**
     * Every kind is declared (the app is ready): the queue starts now, or with the first job when it starts lazily.
     */
    async start() {
      ready = true
      if (!startOnFirstJob) await startOnce()
    },

    /** Makes a job; resolves when it is stored (it runs on whichever process takes it). */
    async send<T extends object>(kind: string, data: T, options: SendOptions = {}) {
      await running(kind)
      await insertOf(kind)({ data: withRequest(data), ...bossSendOptions(options) })
    },

    /** Many jobs of one kind in one statement (a push to every device of many people), each with its options. */
    async sendMany<T extends object>(
      kind: string,
      items: T[],
      optionsOf: (item: T, index: number) => SendOptions = () => ({}),
    ) {
      await running(kind)
      if (items.length > 0)
        await boss.insert(
          kind,
          items.map((data, index) => ({ data, ...bossSendOptions(optionsOf(data, index)) })),
        )
    },

    /** Gives a job's data up into its kind's dead letter, for operators to see (a handler's own last try). */
    async bury<T extends object>(kind: string, data: T, reason: string) {
      await running(kind)
      await boss.send(deadLetterOf(kind), { ...data, reason })
    },

    /** Readiness: the queue runs, and its tables answer. */
    async ping() {
      await running()
      if (!started) throw new Error('the job queue is not running')
      await boss.getDb().executeSql(`select 1 from ${JOBS_SCHEMA}.job limit 1`)
    },

    /** Each kind's waiting (due or delayed), running and dead jobs, counted now (pg-boss's own counts lag). */
    async counts() {
      await running()
      return countJobs(boss, [...kinds.keys()])
    },

    /** The dead letter's jobs of a kind, newest first (`npm run jobs`). */
    async dead(kind: string, limit = 50) {
      await running(kind)
      const jobs = await boss.findJobs(deadLetterOf(kind))
      return jobs.slice(-limit).reverse()
    },

    /**
     * Stops taking jobs and waits up to STOP_GRACE_MS for the running ones; what is still running then goes back to
     * the queue for another process (pg-boss fails it into a retry). A lazy queue that never started has nothing to
     * stop.
     */
    async stop() {
      started = false
      // The jobs still running may store others while pg-boss lets them finish (a send put off by Telegram's 429).
      if (starting !== undefined) {
        await starting.catch(() => undefined)
        await boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: true })
      }
      ready = false
    },
  }
}

/**
 * An ordered kind's jobs that failed anyway (a try that outlived `expireInS` on its last retry, as when processes
 * are killed): pg-boss copied them into the dead letter, and their rows would hold back their keys for good.
 * A start, which follows such kills, deletes them.
 */
async function releaseFailedHeads(boss: PgBoss, kind: string) {
  await boss.getDb().executeSql(`delete from ${JOBS_SCHEMA}.job where name = $1 and state = 'failed'`, [kind])
}

/** One job: its outcome for pg-boss (a failed one is retried by the kind's policy, then dead-lettered). */
async function runOne(
  { log, hooks, boss }: { log: JobLog; hooks: Hooks; boss: PgBoss },
  kind: string,
  { handler, options }: Defined,
  job: Job<{ requestId?: string }>,
) {
  const context = { id: job.id, kind, retryCount: job.retryCount }
  // The request that queued it, so its lines and the job's can be found from each other.
  const jobLog = childLog(log, { job: context, reqId: job.data.requestId })
  try {
    await withRequestId(job.data.requestId, () =>
      (handler as JobHandler<object>)(job.data, { ...context, log: jobLog }),
    )
    hooks.onCompleted?.(kind)
    return { id: job.id, status: 'completed' as const }
  } catch (error) {
    hooks.onFailed?.(kind)
    if (options.policy === 'inOrderPerKey' && job.retryCount >= options.retryLimit) {
      // Its last try: buried by hand and completed, so the jobs behind it in its key go on.
      jobLog.warn({ err: error }, 'job failed its last try, moved to the dead letter')
      await boss.send(deadLetterOf(kind), { ...job.data, reason: String(error) })
      return { id: job.id, status: 'completed' as const }
    }
    jobLog.warn({ err: error }, 'job failed, pg-boss retries it or moves it to the dead letter')
    return { id: job.id, status: 'failed' as const, output: { message: String(error) } }
  }
}

/**
 * A worker takes up to `concurrency` jobs per fetch and runs them at once, each with its own outcome; while
 * fetches come back full it fetches again at once, so a backlog drains at full speed rather than a batch a poll.
 */
async function work(boss: PgBoss, outcome: { log: JobLog; hooks: Hooks }, kind: string, defined: Defined) {
  await boss.work(
    kind,
    {
      batchSize: Math.max(2, defined.options.concurrency ?? 1),
      perJobResults: true,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: defined.options.pollS,
      notifyPollingIntervalSeconds: Math.max(defined.options.pollS, 0.5),
    },
    (jobs: Job<{ requestId?: string }>[]) =>
      Promise.all(jobs.map((job) => runOne({ ...outcome, boss }, kind, defined, job))),
  )
}

const BOSS_POLICIES = {
  standard: 'standard',
  onePerKey: 'short',
  oneAtATime: 'stately',
  inOrderPerKey: 'key_strict_fifo',
} as const

/** Makes the kind's queue and its dead letter, or brings an existing queue's retries up to date. */
async function ensureQueue(boss: PgBoss, kind: string, options: JobKindOptions) {
  const settings = {
    policy: BOSS_POLICIES[options.policy ?? 'standard'],
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelayS,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: options.expireInS,
    deleteAfterSeconds: KEEP_DONE_S,
    deadLetter: deadLetterOf(kind),
    notify: true,
  } as const
  if (!(await boss.getQueue(deadLetterOf(kind))))
    await boss.createQueue(deadLetterOf(kind), {
      deleteAfterSeconds: KEEP_DEAD_S,
      retentionSeconds: KEEP_DEAD_S,
    })
  if (await boss.getQueue(kind)) {
    // A deploy may change a kind's retries; its policy stays as it was made (pg-boss cannot change it).
    const { policy: _policy, ...changeable } = settings
    await boss.updateQueue(kind, changeable)
  } else {
    await boss.createQueue(kind, settings)
  }
}

async function countJobs(boss: PgBoss, names: string[]): Promise<KindCounts[]> {
  const { rows } = (await boss.getDb().executeSql(
    `select name, state, count(*)::int as n from ${JOBS_SCHEMA}.job
     where name = any($1::text[]) and state in ('created', 'retry', 'active') group by name, state`,
    [[...names, ...names.map(deadLetterOf)]],
  )) as { rows: { name: string; state: string; n: number }[] }
  const count = (name: string, states: string[]) =>
    rows.filter((row) => row.name === name && states.includes(row.state)).reduce((sum, row) => sum + row.n, 0)
  return names.map((kind) => ({
    kind,
    queued: count(kind, ['created', 'retry']),
    active: count(kind, ['active']),
    dead: count(deadLetterOf(kind), ['created', 'retry', 'active']),
  }))
}

function childLog(log: JobLog, context: object): JobLog {
  return {
    info: (object, message) => log.info({ ...context, ...object }, message),
    warn: (object, message) => log.warn({ ...context, ...object }, message),
    error: (object, message) => log.error({ ...context, ...object }, message),
  }
}
