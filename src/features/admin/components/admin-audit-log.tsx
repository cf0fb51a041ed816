import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { PagedListStates, PagedRows } from '#src/components/paged-list.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { TashkentTimeNote } from '#src/components/tashkent-time-note.tsx'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { adminApi } from '../admin-api.ts'
import '../admin.css'
import { loadAdminCatalog } from '../catalog.ts'
import { AdminNav } from './admin-nav.tsx'
import { AuditEntry } from './audit-entry.tsx'

await loadAdminCatalog()

/** The server's page of the log: 50 rows (server/modules/admin/routes.ts); the cursor says whether more follow. */
const AUDIT_PAGE = 50

/**
 * /admin/audit: every moderator action and every read of a document photo, newest first, narrowed to a target
 * (`identity_submission:12`, `user:7`) or an action (`verification.deny`) when searched (docs/decisions/028).
 */
export default function AuditLog() {
  const { t } = useLingui()
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState('')
  const list = usePagedList(
    `audit:${query}`,
    async (_page, cursor) => {
      const answer = await adminApi.audit(query, cursor)
      return { items: answer.collection, total: 0, savedAt: null, nextCursor: answer.next_cursor }
    },
    AUDIT_PAGE,
  )
  const search = (event: FormEvent) => {
    event.preventDefault()
    setQuery(typed.trim())
  }
  const searchFor = (value: string) => {
    setTyped(value)
    setQuery(value)
  }

  return (
    <ScreenLayout
      title={t`Audit log`}
      lead={t`Every decision and every view of a document photo, newest first.`}
    >
      <AdminNav />
      <form role="search" className="admin-search" onSubmit={search}>
        <div className="field">
          <label htmlFor="audit-query" className="field__label">
            <Trans>Target or action</Trans>
          </label>
          <input
            id="audit-query"
            type="search"
            className="field__input"
            value={typed}
            maxLength={80}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby="audit-query-hint"
          />
          <p id="audit-query-hint" className="form__hint">
            <Trans>For example identity_submission:12, user:7, verification.deny or document.read.</Trans>
          </p>
        </div>
        <button type="submit" className="button">
          <Trans>Search</Trans>
        </button>
      </form>
      <TashkentTimeNote id="audit-time-note">
        <Trans>Times are Tashkent time.</Trans>
      </TashkentTimeNote>
      <PagedListStates
        list={list}
        loading={<Trans>Loading the log…</Trans>}
        failed={<Trans>The log could not be loaded.</Trans>}
      >
        {() => (
          <PagedRows
            items={list.items}
            className="admin-audit"
            label={t`Audit log entries`}
            rowClassName="admin-audit__row"
            empty={
              <p>
                <Trans>Nothing has been logged for this search.</Trans>
              </p>
            }
            end={
              <PagedListEnd
                list={list}
                problemClassName="form__error"
                failed={<Trans>More entries could not be loaded.</Trans>}
                label={<Trans>Show more entries</Trans>}
              />
            }
            row={(entry) => <AuditEntry entry={entry} onTarget={searchFor} />}
          />
        )}
      </PagedListStates>
    </ScreenLayout>
  )
}
