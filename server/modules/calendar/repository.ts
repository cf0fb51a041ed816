import { and, asc, eq, gt, lt, ne, or } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { calendarEvents } from '#server/db/schema/specialists.ts'

export type CalendarEventRow = typeof calendarEvents.$inferSelect

export function createCalendarRepository(db: Database) {
  return {
    /**
     * A user's events that may be busy within [from, to): once events that intersect it and weekly events that
     * began before its end. `except` leaves one event out (the one being changed).
     */
    async within(userId: number, from: Date, to: Date, except?: number) {
      return db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.userId, userId),
            except === undefined ? undefined : ne(calendarEvents.id, except),
            lt(calendarEvents.startedAt, to),
            or(eq(calendarEvents.period, 'weekly'), gt(calendarEvents.endedAt, from)),
          ),
        )
        .orderBy(asc(calendarEvents.startedAt), asc(calendarEvents.id))
    },

    async find(id: number) {
      const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id)).limit(1)
      return row
    },

    async insert(values: typeof calendarEvents.$inferInsert) {
      const [row] = await db.insert(calendarEvents).values(values).returning()
      return row!
    },

    async update(id: number, values: Pick<CalendarEventRow, 'title' | 'startedAt' | 'endedAt' | 'period'>) {
      const [row] = await db.update(calendarEvents).set(values).where(eq(calendarEvents.id, id)).returning()
      return row!
    },

    async remove(id: number) {
      await db.delete(calendarEvents).where(eq(calendarEvents.id, id))
    },
  }
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>
