/**
 * The process's Prometheus metrics (prom-client), one registry per app so that tests building several apps never
 * share counts. Areas count what they do through the objects here; `/metrics` (server/plugins/metrics.ts) serves
 * the registry, never publicly. Labels are kinds and outcomes only: never a user, a phone or a URL with an id.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { PoolUse } from '#server/db/client.ts'

/** Each kind's waiting, running and dead jobs, read when /metrics is scraped (the job queue sets it). */
type JobCountsSource = () => Promise<{ kind: string; queued: number; active: number; dead: number }[]>

let processRegistry: Registry | undefined
/**
 * Event-loop lag, memory, CPU and handles, as every Node service reports them: the process's, so collected once per
 * process (each collection adds a GC observer and a lag monitor that live as long as the process).
 */
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** `pool`: PostgreSQL's connection pool, read at each scrape (PGlite has none). */
export function createMetrics({ pool }: { pool?: PoolUse } = {}) {
  const registry = new Registry()
  let jobCounts: JobCountsSource | undefined
  const registers = [registry]

  return {
    registry,
    contentType: registry.contentType,
    /** The exposition text: this app's metrics and the process's. */
    scrape: () => Registry.merge([processMetrics(), registry]).metrics(),
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status code',
      labelNames: ['route', 'method', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    errors: new Counter({
      name: 'http_errors_total',
      help: 'Error answers, by the error shape code',
      labelNames: ['code'] as const,
      registers,
    }),
    socketsConnected: new Gauge({
      name: 'sockets_connected',
      help: 'Socket.IO connections open on this process',
      registers,
    }),
    jobsCompleted: new Counter({
      name: 'jobs_completed_total',
      help: 'Background jobs done, by kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    jobsFailed: new Counter({
      name: 'jobs_failed_total',
      help: 'Background job attempts that threw (each is retried until its kind gives up), by kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    jobsQueued: new Gauge({
      name: 'jobs_queued',
      help: 'Background jobs waiting, running, or given up (dead letter), by kind and state, read at scrape time',
      labelNames: ['kind', 'state'] as const,
      registers,
      async collect() {
        if (!jobCounts) return
        // A queue that cannot be read leaves the last values: the scrape itself must not fail.
        const counts = await jobCounts().catch(() => [])
        for (const { kind, queued, active, dead } of counts) {
          this.set({ kind, state: 'queued' }, queued)
          this.set({ kind, state: 'active' }, active)
          this.set({ kind, state: 'dead' }, dead)
        }
      },
    }),
    /** Where jobs_queued reads its counts from. */
    readJobCountsFrom(source: JobCountsSource) {
      jobCounts = source
    },
    pushSends: new Counter({
      name: 'push_sends_total',
      help: 'Browser push attempts, by outcome (sent, gone, rejected, retry)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    smsSends: new Counter({
      name: 'sms_sends_total',
      help: 'SMS handed to the provider, by purpose (code, fallback) and outcome (sent, failed, skipped)',
      labelNames: ['purpose', 'outcome'] as const,
      registers,
    }),
    databasePool: new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one, read at scrape time',
      labelNames: ['state'] as const,
      registers,
      collect() {
        if (!pool) return
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    }),
    retentionDeleted: new Counter({
      name: 'retention_deleted_total',
      help: 'Rows the retention jobs deleted, by what they were',
      labelNames: ['what'] as const,
      registers,
    }),
  }
}
export type Metrics = ReturnType<typeof createMetrics>

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}
