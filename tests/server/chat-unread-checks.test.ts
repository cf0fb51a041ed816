import { describe, expect, it } from 'vitest'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import type { ChatDeps } from '#server/modules/chats/chat-context.ts'
import { createUnreadNotifications, UNREAD_CHECK_JOB } from '#server/modules/chats/unread-notifications.ts'

/** The queue as the unread checks use it: what was sent, with its key and delay. */
function recordingQueue() {
  const sent: { kind: string; key?: string; startAfterS?: number }[] = []
  const queue = {
    define: () => undefined,
    send: async (kind: string, _data: object, options: { key?: string; startAfterS?: number } = {}) => {
      sent.push({ kind, ...options })
    },
  }
  return { sent, jobs: queue as unknown as JobQueue }
}

function checks(notifyAfterMs: number) {
  const { sent, jobs } = recordingQueue()
  let time = 0
  const unread = createUnreadNotifications(
    {
      repo: {} as ChatDeps['repo'],
      ports: {} as ChatDeps['ports'],
      limits: { perMinute: 30, notifyAfterMs },
      jobs,
    },
    () => time,
  )
  return { sent, unread, pass: (ms: number) => (time += ms) }
}

describe('the unread-message checks a busy conversation stores', () => {
  it('stores one check per recipient and conversation while it waits, and a new one once it is due', async () => {
    const { sent, unread, pass } = checks(10_000)
    await unread.schedule(7, 1, 2)
    pass(3_000)
    await unread.schedule(7, 1, 2)
    await unread.schedule(7, 2, 1)
    await unread.schedule(8, 1, 3)
    expect(sent).toEqual([
      { kind: UNREAD_CHECK_JOB, key: '7:1', startAfterS: 10 },
      { kind: UNREAD_CHECK_JOB, key: '7:2', startAfterS: 10 },
      { kind: UNREAD_CHECK_JOB, key: '8:1', startAfterS: 10 },
    ])
    // The first check may have run (a second early, for the database's clock): the next message needs its own.
    pass(6_000)
    await unread.schedule(7, 1, 2)
    expect(sent.filter((job) => job.key === '7:1')).toHaveLength(2)
  })

  it('stores every check when they are due sooner than the clocks may differ', async () => {
    const { sent, unread } = checks(0)
    await unread.schedule(7, 1, 2)
    await unread.schedule(7, 1, 2)
    expect(sent).toHaveLength(2)
  })

  it('tries a check again on the next message when storing it failed', async () => {
    const { sent, jobs } = recordingQueue()
    let failing = true
    const unread = createUnreadNotifications(
      {
        repo: {} as ChatDeps['repo'],
        ports: {} as ChatDeps['ports'],
        limits: { perMinute: 30, notifyAfterMs: 10_000 },
        jobs: {
          ...jobs,
          define: () => undefined,
          send: async (...args: Parameters<JobQueue['send']>) => {
            if (failing) throw new Error('the database is away')
            return jobs.send(...args)
          },
        } as unknown as JobQueue,
      },
      () => 0,
    )
    await expect(unread.schedule(7, 1, 2)).rejects.toThrow('the database is away')
    failing = false
    await unread.schedule(7, 1, 2)
    expect(sent).toEqual([{ kind: UNREAD_CHECK_JOB, key: '7:1', startAfterS: 10 }])
  })
})
