/**
 * What every area of the server (server/modules/<area>/index.ts) is built from: the configuration, the database,
 * the clock and the infrastructure the areas share. An area's own context adds the ports it takes from the areas
 * registered before it; its log is the Fastify instance's (`app.log`).
 */
import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { LocalStorage } from '#server/adapters/storage/local-storage.ts'
import type { Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import type { Clock } from './clock.ts'
import type { DomainEvents } from './domain-events.ts'
import type { Metrics } from './metrics.ts'

export type AreaContext = {
  config: Config & { JWT_SECRET: string }
  database: DatabaseHandle
  clock: Clock
  /** Uploaded files (photos, avatars, portfolio pictures) under DATA_DIR. */
  storage: LocalStorage
  /** What happened in one area, heard by the others (an order published -> notifications, chats, pages). */
  events: DomainEvents
  /** A channel to every process of the server through Redis; undefined when there is one process (no REDIS_URL). */
  broadcastOn: <T>(channel: string) => Broadcast<T> | undefined
  /** This process's Prometheus metrics (server/lib/metrics.ts). */
  metrics: Metrics
  /** Durable background work (server/adapters/jobs/job-queue.ts): an area declares its kinds while it registers. */
  jobs: JobQueue
}
