// The specialist's private calendar feed (docs/decisions/031-workday.md): their accepted jobs as iCalendar, for a
// phone's calendar to subscribe to. The token is the only key: random, kept as its SHA-256, shown once.
import { createHash, randomBytes } from 'node:crypto'
import ical, { ICalCalendarMethod } from 'ical-generator'
import type { OrderRow } from '#server/db/rows/orders.ts'
import { JOB_DEFAULT_MS } from './repository.ts'

/** 32 random bytes: guessing one is hopeless, and the URL stays short. */
export const newFeedToken = () => randomBytes(32).toString('base64url')
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex')
/** A token as we make it; anything else is not looked up. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/

const orderNumber = (id: number) => String(id).padStart(6, '0')

/**
 * The jobs as an iCalendar feed. Each event has the order's number and name, its time, the place (area, address,
 * landmark: the specialist's own jobs) and a link to the order; never the customer's name or phone, since a feed's
 * URL ends up in calendar apps and their sync services, which the app shows only behind a login.
 */
export function feedOf(jobs: OrderRow[], publicUrl: string) {
  const calendar = ical({ name: 'Fika', method: ICalCalendarMethod.PUBLISH, ttl: 3600 })
  for (const job of jobs) {
    if (!job.startedAt) continue
    const place = [job.area, job.address, job.landmark].filter(Boolean).join(', ')
    calendar.createEvent({
      id: `order-${job.id}@fika`,
      start: job.startedAt,
      end: job.endedAt ?? new Date(job.startedAt.getTime() + JOB_DEFAULT_MS),
      summary: `№${orderNumber(job.id)} ${job.name}`,
      location: place || null,
      url: `${publicUrl}/order/${job.id}`,
      stamp: job.updatedAt,
    })
  }
  return calendar.toString()
}
