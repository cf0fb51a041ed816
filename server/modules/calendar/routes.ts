import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { optionalCaller } from '#server/plugins/authenticate.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { CalendarService } from './service.ts'

export async function calendarRoutes(app: FastifyInstance, { calendar }: { calendar: CalendarService }) {
  contractRoute(app, endpoints.userCalendar, async ({ params, query, request }) =>
    calendar.read(params.id, query, await optionalCaller(app, request)),
  )
  contractRoute(app, endpoints.addCalendarEvent, ({ body, request, reply }) => {
    reply.status(201)
    return calendar.add(body, request.user!)
  })
  contractRoute(app, endpoints.updateCalendarEvent, ({ params, body, request }) =>
    calendar.update(params.id, body, request.user!),
  )
  contractRoute(app, endpoints.deleteCalendarEvent, ({ params, request }) =>
    calendar.remove(params.id, request.user!),
  )
}
