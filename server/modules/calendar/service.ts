import { CALENDAR_RANGE_DAYS_MAX, type CalendarEvent } from '#contract/schemas/specialists.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError, type Period } from '#server/lib/app-error.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { firstOverlap, occurrencesWithin, type BusyEvent } from './occurrences.ts'
import type { CalendarEventRow, CalendarRepository } from './repository.ts'

/** How many overlapping dates the refusal names at most. */
const OVERLAPS_NAMED_MAX = 5
const DAY_MS = 24 * 3600 * 1000
// A weekly event repeats without end: it is checked against every later event.
const END_OF_TIME = new Date('9999-12-31T00:00:00Z')

/** Midnight of a calendar day in Tashkent (UTC+5 all year, no daylight saving). */
export const tashkentMidnight = (day: string) => new Date(`${day}T00:00:00+05:00`)

type EventBody = { title: string; started_at: string; ended_at: string; period: 'once' | 'weekly' }

const presentEvent = (
  row: CalendarEventRow,
  period: Period = { start: row.startedAt, end: row.endedAt },
): CalendarEvent => ({
  id: row.id,
  title: row.title,
  started_at: period.start.toISOString(),
  ended_at: period.end.toISOString(),
  period: row.period,
})

const notFound = () => new AppError('not_found', 'not_found')

/**
 * Busy times (docs/decisions/009-specialist-profiles.md): anyone reads when a user is busy, only the owner reads
 * the titles and writes; an event that overlaps another, a weekly repeat included, is refused naming the dates.
 * Writing needs a plan with `calendar` (decision 016); reading does not, so events outlive an ended plan.
 */
export function createCalendarService(
  repo: CalendarRepository,
  users: UsersRepository,
  entitlements: Pick<Entitlements, 'require'>,
) {
  /** Refuses with 409 calendar_overlap when the event would overlap any other of the user's events. */
  async function assertFree(userId: number, event: BusyEvent, except?: number) {
    const until = event.period === 'weekly' ? END_OF_TIME : event.endedAt
    const others = await repo.within(userId, event.startedAt, until, except)
    const overlaps = others
      .map((other) => firstOverlap(event, other))
      .filter((period): period is Period => period !== null)
      .sort((a, b) => a.start.getTime() - b.start.getTime())
    if (overlaps.length > 0)
      throw new AppError('conflict', 'calendar_overlap', {
        params: { dates: overlaps.slice(0, OVERLAPS_NAMED_MAX) },
      })
  }

  /** The caller's own event, which they may write: 404, 403 `forbidden` (someone else's), then the plan. */
  async function ownEvent(id: number, caller: UserRow) {
    const row = await repo.find(id)
    if (!row) throw notFound()
    if (row.userId !== caller.id) throw new AppError('forbidden', 'forbidden')
    await entitlements.require(caller.id, 'calendar')
    return row
  }

  const eventOf = (body: EventBody): BusyEvent => ({
    startedAt: new Date(body.started_at),
    endedAt: new Date(body.ended_at),
    period: body.period,
  })

  return {
    /** Busy periods between two Tashkent days (both included); the owner also gets the events with titles. */
    async read(userId: number, range: { from: string; to: string }, caller: UserRow | undefined) {
      const user = await users.findById(userId)
      if (!user || user.deletedAt) throw notFound()
      const from = tashkentMidnight(range.from)
      const to = new Date(tashkentMidnight(range.to).getTime() + DAY_MS)
      const days = Math.round((to.getTime() - from.getTime()) / DAY_MS)
      if (days < 1 || days > CALENDAR_RANGE_DAYS_MAX) throw fieldError('to', 'calendar_range_invalid')
      const occurrences = (await repo.within(userId, from, to))
        .flatMap((row) => occurrencesWithin(row, from, to).map((period) => ({ row, period })))
        .sort((a, b) => a.period.start.getTime() - b.period.start.getTime())
      return {
        collection:
          caller?.id === userId ? occurrences.map(({ row, period }) => presentEvent(row, period)) : [],
        busy: occurrences.map(({ period }) => ({
          started_at: period.start.toISOString(),
          ended_at: period.end.toISOString(),
        })),
      }
    },

    async add(body: EventBody, caller: UserRow) {
      await entitlements.require(caller.id, 'calendar')
      const event = eventOf(body)
      await assertFree(caller.id, event)
      return presentEvent(await repo.insert({ userId: caller.id, title: body.title, ...event }))
    },

    async update(id: number, body: EventBody, caller: UserRow) {
      await ownEvent(id, caller)
      const event = eventOf(body)
      await assertFree(caller.id, event, id)
      return presentEvent(await repo.update(id, { title: body.title, ...event }))
    },

    async remove(id: number, caller: UserRow) {
      await ownEvent(id, caller)
      await repo.remove(id)
      return { status: true }
    },
  }
}
export type CalendarService = ReturnType<typeof createCalendarService>
