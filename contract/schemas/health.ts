import * as v from 'valibot'

export const HealthResponseSchema = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
  uptime_s: v.number(),
})
