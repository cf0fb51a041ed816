/**
 * The working-day area (docs/decisions/031-workday.md): a specialist's job list, the busy time an accepted order
 * puts in their calendar, the job reminders (a durable sweep) and the private calendar feed. Takes nothing but the
 * base context; hears the orders' domain events; gives nothing. The steps of the day are the orders area's.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import { busyTimeFollowsOrders } from './calendar-sync.ts'
import { defineReminders } from './reminders.ts'
import { createWorkdayRepository } from './repository.ts'
import { workdayRoutes } from './routes.ts'
import { createWorkdayService } from './service.ts'

export const workdayArea = fp<AreaContext>(
  async (app, { database: { db }, config, clock, events, jobs }) => {
    const repo = createWorkdayRepository(db)
    events.subscribe(busyTimeFollowsOrders(repo))
    defineReminders({ jobs, repo, clock, events })
    await app.register(workdayRoutes, { workday: createWorkdayService(repo, clock, config.PUBLIC_URL) })
  },
  { name: 'workday-area' },
)
