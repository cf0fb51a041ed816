import * as v from 'valibot'

export const HealthResponseSchema = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
  uptime_s: v.number(),
})

/** The process answers: nothing else is checked, so a busy database never gets a live process restarted. */
export const HealthLiveResponseSchema = v.object({ status: v.literal('live') })

/**
 * Everything this process needs answers (the database, Redis, the job queue): a proxy may send it requests. A check
 * that fails, or a process that is stopping, answers 503 in the error shape, its `fields` naming what is not ready.
 */
export const HealthReadyResponseSchema = v.object({
  status: v.literal('ready'),
  checks: v.record(v.string(), v.literal('ok')),
})
