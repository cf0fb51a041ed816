/**
 * The job queue's life with the app's: it starts once every area has declared its kinds (onReady) and stops,
 * letting running jobs finish, when the app closes. Its counts feed /metrics.
 */
import fp from 'fastify-plugin'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'

export const jobsPlugin = fp<{ jobs: JobQueue }>(
  async (app, { jobs }) => {
    app.decorate('jobs', jobs)
    app.metrics.readJobCountsFrom(() => jobs.counts())
    app.health.addReadinessCheck('jobs', () => jobs.ping())
    app.addHook('onReady', async () => {
      await jobs.start()
    })
    app.addHook('onClose', async () => {
      await jobs.stop()
    })
  },
  { name: 'jobs', dependencies: ['health-area'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue
  }
}
