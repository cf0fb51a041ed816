// The morning digest (decision 016, "convenient notifications"): at 08:00 in Tashkent, a specialist whose plan has
// it gets one Telegram message with the open orders of the last day that match them.
import { serverText } from '#server/i18n/catalog.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { Database } from '#server/db/client.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { createDigestQueries } from './digest-queries.ts'
import type { TelegramDelivery } from './ports.ts'

export const MORNING_DIGEST_JOB = 'notifications.morning-digest'
/** 08:00 in Tashkent, which is UTC+5 all year. */
const MORNING_DIGEST_CRON = '0 3 * * *'
/** Orders a digest names; the rest are counted. */
const ORDERS_NAMED = 5
const DAY_S = 24 * 3600

const TITLE = /*i18n*/ {
  id: 'notification.digest.title',
  message: 'Good morning! Open orders in your specialties from the last day: {n}',
}
const orderNumber = (id: number) => String(id).padStart(6, '0')

function digestText(orders: { id: number; name: string }[], total: number, locale: Locale) {
  const lines = orders.map((order) => `№${orderNumber(order.id)} «${order.name}»`)
  return [serverText(TITLE, locale).replace('{n}', String(total)), ...lines].join('\n')
}

export function defineMorningDigest({
  jobs,
  db,
  clock,
  telegram,
}: {
  jobs: JobQueue
  db: Database
  clock: Clock
  telegram: TelegramDelivery
}) {
  const queries = createDigestQueries(db)
  jobs.define(
    MORNING_DIGEST_JOB,
    {
      retryLimit: 2,
      retryDelayS: 300,
      expireInS: 1800,
      pollS: 30,
      policy: 'oneAtATime',
      cron: MORNING_DIGEST_CRON,
    },
    async (_data, job) => {
      const now = clock.now()
      const since = addSeconds(now, -DAY_S)
      const messages: Parameters<TelegramDelivery['sendMany']>[0] = []
      for (const recipient of await queries.recipients(now)) {
        const { orders, total } = await queries.ordersFor(recipient.userId, since, ORDERS_NAMED)
        if (total === 0) continue
        messages.push({
          chatId: recipient.chatId,
          text: digestText(orders, total, recipient.locale),
          link: '/orders',
          locale: recipient.locale,
        })
      }
      await telegram.sendMany(messages)
      job.log.info({ digests: messages.length }, 'morning digest sent')
    },
  )
}
