import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { AdminReport } from '#contract/schemas/reports.ts'
import { LoadMore } from '#src/components/load-more.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { ApiError } from '#src/lib/api-error.ts'
import '../admin.css'
import { loadAdminCatalog } from '../catalog.ts'
import { reportsApi } from '../reports-api.ts'
import { keyOf, useReports } from '../use-reports.ts'
import { AdminNav } from './admin-nav.tsx'
import { ModerationDialog } from './moderation-dialog.tsx'
import { ReportCard } from './report-card.tsx'

await loadAdminCatalog()

type Dialog = { report: AdminReport; action: 'warn' | 'block' } | null

/**
 * /admin/reports: pending reports of chat messages, orders and profiles, newest first (docs/decisions/029). Each
 * decision takes the report out of the list and says so; one another moderator made first (409 `report_decided`)
 * too, in the server's words.
 */
export default function AdminReports() {
  const { t } = useLingui()
  const { list, setList, loadMore, retry } = useReports()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [notice, setNotice] = useState('')
  const noticeRef = useRef<HTMLParagraphElement>(null)
  /** Sends a decision; the report leaves the list once it is decided, by this moderator or another. */
  const decide = async (report: AdminReport, send: () => Promise<unknown>, done: string) => {
    try {
      await send()
      setNotice(done)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'report_decided')) throw error
      setNotice(error.message)
    }
    setDialog(null)
    setList((previous) => ({
      ...previous,
      items: previous.items.filter((item) => keyOf(item) !== keyOf(report)),
    }))
    noticeRef.current?.focus()
  }
  const safely = (work: Promise<void>) =>
    void work.catch(() => setNotice(t`The decision could not be saved. Try again.`))

  return (
    <ScreenLayout title={t`Reports`} lead={t`Reported messages, orders and profiles, newest first.`}>
      <AdminNav />
      <p ref={noticeRef} role="status" tabIndex={-1} className="admin-notice">
        {notice}
      </p>
      {list.status === 'loading' && (
        <p role="status">
          <Trans>Loading the reports…</Trans>
        </p>
      )}
      {list.status === 'failed' && (
        <div role="alert">
          <p>
            <Trans>The reports could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {list.status === 'ready' && list.items.length === 0 && (
        <p>
          <Trans>No reports are waiting.</Trans>
        </p>
      )}
      {list.items.length > 0 && (
        <ul className="admin-queue" aria-label={t`Pending reports`}>
          {list.items.map((report) => (
            <li key={keyOf(report)}>
              <ReportCard
                report={report}
                onDismiss={() =>
                  safely(
                    decide(report, () => reportsApi.dismiss(report.kind, report.id), t`Report dismissed`),
                  )
                }
                onHide={() =>
                  safely(decide(report, () => reportsApi.hide(report.kind, report.id), t`Hidden`))
                }
                onWarn={() => setDialog({ report, action: 'warn' })}
                onBlock={() => setDialog({ report, action: 'block' })}
              />
            </li>
          ))}
        </ul>
      )}
      {list.cursor !== null && list.status === 'ready' && (
        <LoadMore loading={false} ready={false} onMore={loadMore} label={<Trans>Show more reports</Trans>} />
      )}
      {dialog && dialog.report.author && (
        <ModerationDialog
          title={
            dialog.action === 'warn'
              ? t`Warn ${dialog.report.author.name}`
              : t`Block ${dialog.report.author.name}`
          }
          lead={
            dialog.action === 'warn'
              ? t`They get a notification with the reason on their channels.`
              : t`They are logged out everywhere at once and cannot log in until unblocked.`
          }
          action={dialog.action === 'warn' ? t`Warn` : t`Block`}
          onClose={() => setDialog(null)}
          onDecide={(reason, text) => {
            const { report } = dialog
            const author = report.author!
            return dialog.action === 'warn'
              ? decide(
                  report,
                  () => reportsApi.warn(report.kind, report.id, reason, text),
                  t`Warned: ${author.name}`,
                )
              : reportsApi.block(author.id, reason, text).then(() => {
                  setNotice(t`Blocked: ${author.name}`)
                  setDialog(null)
                  setList((previous) => ({
                    ...previous,
                    items: previous.items.map((item) =>
                      item.author?.id === author.id
                        ? { ...item, author: { ...author, blocked: true } }
                        : item,
                    ),
                  }))
                })
          }}
        />
      )}
    </ScreenLayout>
  )
}
