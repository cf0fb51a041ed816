/**
 * The calendar area: a specialist's working days and booked hours. Takes the users and the entitlements (the
 * wallet's plans); gives nothing.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { createCalendarRepository } from './repository.ts'
import { calendarRoutes } from './routes.ts'
import { createCalendarService } from './service.ts'

export const calendarArea = fp<AreaContext & { users: UsersRepository; entitlements: Entitlements }>(
  async (app, { database: { db }, users, entitlements }) => {
    await app.register(calendarRoutes, {
      calendar: createCalendarService(createCalendarRepository(db), users, entitlements),
    })
  },
  { name: 'calendar-area' },
)
