import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminReport } from '#contract/schemas/reports.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { useReportReasons } from './moderation-dialog.tsx'

type Props = {
  report: AdminReport
  onDismiss: () => void
  onHide: () => void
  onWarn: () => void
  onBlock: () => void
}

/** The item a report is about: the conversation around a message, an order or a profile with its link. */
function ReportedItem({ report }: { report: AdminReport }) {
  const { t } = useLingui()
  if (report.conversation)
    return (
      <ol className="admin-conversation" aria-label={t`The conversation around the message`}>
        {report.conversation.messages.map((message) => (
          <li key={message.id} className={message.reported ? 'admin-conversation__reported' : undefined}>
            {message.reported && (
              <strong>
                <Trans>Reported message:</Trans>{' '}
              </strong>
            )}
            {message.hidden && !message.reported && <Trans>(hidden)</Trans>} {message.text}
          </li>
        ))}
      </ol>
    )
  const item = report.order ?? report.profile
  if (!item) return null
  return (
    <div className="admin-item">
      <a href={item.link}>{item.name}</a>
      {(report.order?.description ?? report.profile?.about) && (
        <p className="admin-item__text">{report.order?.description ?? report.profile?.about}</p>
      )}
    </div>
  )
}

/** One pending report: what, who reported it and why, and the moderator's four decisions. */
export function ReportCard({ report, onDismiss, onHide, onWarn, onBlock }: Props) {
  const { t } = useLingui()
  const reasons = useReportReasons()
  const kind = { message: t`Chat message`, order: t`Order`, profile: t`Profile` }[report.kind]
  const reporter = report.reporter.name
  return (
    <article className="admin-card" aria-label={t`${kind}: report №${report.id}`}>
      <h2 className="admin-card__title">{kind}</h2>
      <ReportedItem report={report} />
      <dl className="admin-card__facts">
        <dt>
          <Trans>Reason</Trans>
        </dt>
        <dd>
          {reasons[report.reason]}
          {report.text && <span className="admin-item__text"> — {report.text}</span>}
        </dd>
        <dt>
          <Trans>Reported by</Trans>
        </dt>
        <dd>
          {reporter}, <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        </dd>
        {report.author && (
          <>
            <dt>
              <Trans>Author</Trans>
            </dt>
            <dd>
              {report.author.name}
              {report.author.blocked && (
                <>
                  {' '}
                  <Trans>(blocked)</Trans>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          <Trans>Dismiss</Trans>
        </button>
        {!report.hidden && (
          <button type="button" className="button" onClick={onHide}>
            <Trans>Hide</Trans>
          </button>
        )}
        {report.author && (
          <button type="button" className="button button--secondary" onClick={onWarn}>
            <Trans>Warn</Trans>
          </button>
        )}
        {report.author && !report.author.blocked && !report.author.staff && (
          <button type="button" className="button button--secondary" onClick={onBlock}>
            <Trans>Block</Trans>
          </button>
        )}
      </div>
    </article>
  )
}
