// A message still unread a while after it was sent becomes a notification: a durable job per recipient and
// conversation (docs/decisions/025-durable-jobs.md), so a restart or a deploy in between loses none.
import { performance } from 'node:perf_hooks'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { ChatDeps } from './chat-context.ts'

export const UNREAD_CHECK_JOB = 'chat.unread-check'
/** Checks this process remembers having stored (see `schedule`); the oldest is forgotten beyond it. */
const REMEMBERED_CHECKS = 100_000
/**
 * How long before its due time a remembered check stops sparing a send: the queue counts time on the database's
 * clock, this process on its own, and the two may differ a little.
 */
const CLOCK_MARGIN_MS = 1_000

type UnreadCheck = { chatId: number; recipientId: number; senderId: number }

/** `now`: a monotonic clock in ms (the queue waits in real time, whatever clock the service is given). */
export function createUnreadNotifications(
  { repo, ports, limits, jobs }: Pick<ChatDeps, 'repo' | 'ports' | 'limits'> & { jobs: JobQueue },
  now: () => number = () => performance.now(),
) {
  jobs.define<UnreadCheck>(
    UNREAD_CHECK_JOB,
    // A check is cheap and safe to repeat: a failed one (the database away) is tried again for about a minute.
    { retryLimit: 5, retryDelayS: 2, expireInS: 60, pollS: 1, concurrency: 4, policy: 'onePerKey' },
    async ({ chatId, recipientId, senderId }) => {
      const participant = await repo.participant(chatId, recipientId)
      // Read since (all of it): nothing to tell.
      if (!participant || participant.unread === 0) return
      ports.unreadMessage({ chatId, recipientId, senderId })
    },
  )

  /** When each check this process stored stops waiting (on a monotonic clock: the queue's time is real time). */
  const waitingUntil = new Map<string, number>()

  return {
    /**
     * Checks after `notifyAfterMs` whether the recipient read the conversation. One check waits per recipient and
     * conversation: a burst of messages is one notification at most, and someone reading it gets none.
     *
     * While a check this process stored is still waiting, the queue would drop another with its key anyway: it is
     * not sent, which spares a busy conversation a write per message. Remembering is only a shortcut: a check
     * stored by another process is found by the queue's key as before.
     */
    async schedule(chatId: number, recipientId: number, senderId: number) {
      const key = `${chatId}:${recipientId}`
      const sentAt = now()
      if (sentAt < (waitingUntil.get(key) ?? 0)) return
      await jobs.send<UnreadCheck>(
        UNREAD_CHECK_JOB,
        { chatId, recipientId, senderId },
        { key, startAfterS: limits.notifyAfterMs / 1000 },
      )
      waitingUntil.delete(key)
      if (waitingUntil.size >= REMEMBERED_CHECKS) waitingUntil.delete(waitingUntil.keys().next().value!)
      waitingUntil.set(key, sentAt + limits.notifyAfterMs - CLOCK_MARGIN_MS)
    },
  }
}
