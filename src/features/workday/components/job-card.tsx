import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { MessageCircle, Phone } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { ProgressEntry, ProgressStep } from '#contract/schemas/progress.ts'
import type { Job } from '#contract/schemas/workday.ts'
import { OpenChatButton } from '#src/features/chat-entry/components/open-chat-button.tsx'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { usePriceText } from '#src/features/order-words/order-words.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { onOutboxDelivered } from '#src/lib/outbox.ts'
import { formatPhone, formatTime } from '#src/lib/format.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { workdayApi } from '../api/workday-api.ts'
import { placeLabel } from '../navigate-links.ts'
import { stepStates, tapKey, type WaitingTap } from '../progress-steps.ts'
import { placeOf } from '../job-place.ts'
import { JobMap } from './job-map.tsx'
import { JobSteps } from './job-steps.tsx'
import { NavigateMenu } from './navigate-menu.tsx'

type JobCardProps = {
  job: Job
  /** Taps of this job still in the outbox (after a reload too). */
  waiting: WaitingTap[]
  onProgress: (orderId: number, progress: ProgressEntry[]) => void
}

const refusalText = (i18n: I18n, error: unknown) =>
  error instanceof ApiError && error.body ? error.message : errorText(i18n, 'error_occurred')

/** The server's words for a queued step it refused later (its error body), or ours. */
function deliveryRefusal(i18n: I18n, body: unknown) {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message
  return typeof message === 'string' ? message : errorText(i18n, 'error_occurred')
}

/** One accepted job: when, where (address, landmark, pin, navigation), whom, for how much, and its steps. */
export function JobCard({ job, waiting, onProgress }: JobCardProps) {
  const { t, i18n } = useLingui()
  const priceText = usePriceText()
  const [busy, setBusy] = useState(false)
  // Taps sent from this card that the outbox list has not caught up with yet.
  const [tapped, setTapped] = useState<(WaitingTap & { key: string })[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const states = stepStates(job.progress, [...waiting, ...tapped])
  const headingId = `job-${job.id}`
  const start = job.started_at ? formatTime(job.started_at) : null
  const end = job.ended_at ? formatTime(job.ended_at) : null
  const point = placeOf(job)
  const customer = job.contact
  const customerName = customer ? `${customer.name} ${customer.surname}`.trim() : null

  // A tap left in the outbox stays shown as waiting until its delivery is announced; a refusal then says why.
  useEffect(
    () =>
      onOutboxDelivered((event) => {
        if (event.kind !== 'progress' || !tapped.some((item) => item.key === event.idempotencyKey)) return
        setTapped((previous) => previous.filter((item) => item.key !== event.idempotencyKey))
        if (!event.ok) setFailure(deliveryRefusal(i18n, event.data))
      }),
    [tapped, i18n],
  )

  const tap = async (step: ProgressStep, etaMinutes: number | null) => {
    setBusy(true)
    setFailure(null)
    const tappedAt = new Date()
    const key = tapKey(job.id, step, etaMinutes)
    setTapped((previous) => [...previous, { step, tappedAt: tappedAt.toISOString(), etaMinutes, key }])
    try {
      const delivery = await workdayApi.step(job.id, step, etaMinutes, key, tappedAt)
      if (delivery.status === 'sent') {
        onProgress(job.id, delivery.data.progress)
        setTapped((previous) => previous.filter((item) => item.key !== key))
      }
    } catch (error) {
      setTapped((previous) => previous.filter((item) => item.key !== key))
      setFailure(refusalText(i18n, error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <article className="job-card" aria-labelledby={headingId} data-testid="job-card">
      <h3 id={headingId} className="job-card__name">
        <Link to="/order/$orderId" params={{ orderId: String(job.id) }}>
          {job.name}
        </Link>
      </h3>
      <p className="job-card__time">
        {start && end ? (
          <Trans>
            {start} – {end}
          </Trans>
        ) : (
          <Trans>from {start}</Trans>
        )}
      </p>
      <dl className="job-card__facts">
        {job.area && (
          <div>
            <dt>{t`Area`}</dt>
            <dd>{job.area}</dd>
          </div>
        )}
        {job.address && (
          <div>
            <dt>{t`Address`}</dt>
            <dd>{job.address}</dd>
          </div>
        )}
        {job.landmark && (
          <div>
            <dt>{t`Landmark`}</dt>
            <dd>{job.landmark}</dd>
          </div>
        )}
        <div>
          <dt>{t`Price`}</dt>
          <dd>{priceText(job)}</dd>
        </div>
        {customer && customerName && (
          <div>
            <dt>{t`Customer`}</dt>
            <dd>{customerName}</dd>
          </div>
        )}
      </dl>
      {customer && <JobContact orderId={job.id} customerId={job.customer_id} phone={customer.phone} />}
      {job.photos.length > 0 && <JobPhotos photos={job.photos} name={job.name} />}
      {point && (
        <>
          <JobMap point={point} />
          <NavigateMenu point={point} label={placeLabel(job.address, job.landmark) || job.name} />
        </>
      )}
      <JobSteps states={states} busy={busy} onTap={(step, eta) => void tap(step, eta)} />
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
    </article>
  )
}

type JobContactProps = { orderId: number; customerId: number; phone: string }

/** The customer's phone, one tap to call (their name is in the facts above), and the order's conversation. */
function JobContact({ orderId, customerId, phone }: JobContactProps) {
  const formatted = formatPhone(phone)
  return (
    <div className="job-card__contact">
      <a className="button button--secondary" href={`tel:+${phone}`}>
        <Phone className="icon" aria-hidden="true" />
        <Trans>Call {formatted}</Trans>
      </a>
      <OpenChatButton target={{ user_id: customerId, order_id: orderId }}>
        <MessageCircle className="icon" aria-hidden="true" />
        <Trans>Chat</Trans>
      </OpenChatButton>
    </div>
  )
}

/**
 * The order's photos as thumbnails, each opening the picture. Loaded at once rather than lazily: a photo shown
 * once is kept by the service worker, and the day's photos must be there offline.
 */
function JobPhotos({ photos, name }: { photos: string[]; name: string }) {
  const { t } = useLingui()
  const count = photos.length
  return (
    <ul className="job-card__photos" aria-label={t`Photos`}>
      {photos.map((src, index) => {
        const position = index + 1
        return (
          <li key={src}>
            <a href={src} target="_blank" rel="noopener">
              <img
                src={src}
                alt={withUserText((text) => t`${{ name: text(name) }}: photo ${position} of ${count}`)}
                width="64"
                height="64"
              />
            </a>
          </li>
        )
      })}
    </ul>
  )
}
