import { useCallback, useEffect, useMemo, useState } from 'react'
import type { ProgressEntry } from '#contract/schemas/progress.ts'
import type { Job } from '#contract/schemas/workday.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { onOutboxDelivered } from '#src/lib/outbox.ts'
import { usePendingOutbox } from '#src/lib/use-pending-outbox.ts'
import { workdayApi } from './api/workday-api.ts'
import { parseTapKey, type WaitingTap } from './progress-steps.ts'
import { todayWindow } from './today-window.ts'

export type TodayJobs =
  | { status: 'loading' }
  /** `saved`: no network, the device's copy as of `asOf`; otherwise read from the server at `asOf`. */
  | { status: 'ready'; jobs: Job[]; saved: boolean; asOf: number }
  | { status: 'offline' }
  | { status: 'failed' }

/**
 * The specialist's jobs from the start of today for a week, read again whenever one of their queued steps is
 * delivered (the server's list is then the truth), with the taps still waiting in the outbox by order.
 */
export function useTodayJobs() {
  const [state, setState] = useState<TodayJobs>({ status: 'loading' })

  const load = useCallback(async () => {
    try {
      const answer = await workdayApi.jobs(todayWindow())
      setState({
        status: 'ready',
        jobs: answer.data,
        saved: answer.saved,
        asOf: answer.saved ? answer.savedAt : Date.now(),
      })
    } catch (error) {
      setState((previous) =>
        previous.status === 'ready'
          ? previous
          : { status: error instanceof ApiError && error.status === 0 ? 'offline' : 'failed' },
      )
    }
  }, [])

  useEffect(() => {
    void load()
    return onOutboxDelivered((event) => {
      if (event.kind === 'progress') void load()
    })
  }, [load])

  /** A step the server answered at once: its list replaces the job's, without waiting for a new read. */
  const showProgress = useCallback((orderId: number, progress: ProgressEntry[]) => {
    setState((previous) =>
      previous.status === 'ready'
        ? { ...previous, jobs: previous.jobs.map((job) => (job.id === orderId ? { ...job, progress } : job)) }
        : previous,
    )
  }, [])

  const pending = usePendingOutbox()
  const waiting = useMemo(() => {
    const byOrder = new Map<number, WaitingTap[]>()
    for (const item of pending) {
      const tap = item.kind === 'progress' ? parseTapKey(item.idempotencyKey) : null
      if (!tap) continue
      const taps = byOrder.get(tap.orderId) ?? []
      taps.push({
        step: tap.step,
        tappedAt: new Date(item.createdAt).toISOString(),
        etaMinutes: tap.etaMinutes,
      })
      byOrder.set(tap.orderId, taps)
    }
    return byOrder
  }, [pending])

  return { state, waiting, showProgress, reload: load }
}
