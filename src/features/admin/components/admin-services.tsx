import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { Proposal } from '#contract/schemas/moderation.ts'
import { LoadMore } from '#src/components/load-more.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { ApiError } from '#src/lib/api-error.ts'
import '../admin.css'
import { catalogueAdminApi } from '../catalogue-api.ts'
import { loadAdminCatalog } from '../catalog.ts'
import { useCursorList } from '../use-cursor-list.ts'
import { AdminNav } from './admin-nav.tsx'
import { ProposalCard } from './proposal-card.tsx'

await loadAdminCatalog()

/**
 * /admin/services: services people proposed, oldest first (docs/decisions/030-proposed-services-and-hidden-reviews.md). A decision (into the catalogue,
 * merged into a service it has, or rejected) takes the proposal out of the list and says so; one another moderator
 * made first (409 `proposal_decided`) does too, in the server's words.
 */
export default function ProposedServices() {
  const { t } = useLingui()
  const list = useCursorList('proposals', (cursor) => catalogueAdminApi.proposals(cursor))
  const [notice, setNotice] = useState('')
  const noticeRef = useRef<HTMLParagraphElement>(null)

  const decide = async (proposal: Proposal, send: () => Promise<unknown>, done: string) => {
    try {
      await send()
      setNotice(done)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'proposal_decided')) throw error
      setNotice(error.message)
    }
    list.remove(proposal.id)
    // The decided card (and the button that opened its dialog) is gone: focus lands on what happened to it.
    noticeRef.current?.focus()
  }

  return (
    <ScreenLayout
      title={t`Proposed services`}
      lead={t`Services people proposed for the catalogue, oldest first.`}
    >
      <AdminNav />
      <p ref={noticeRef} role="status" tabIndex={-1} className="admin-notice">
        {notice}
      </p>
      {list.status === 'loading' && (
        <p role="status">
          <Trans>Loading the proposed services…</Trans>
        </p>
      )}
      {list.status === 'failed' && (
        <div role="alert">
          <p>
            <Trans>The proposed services could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={list.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {list.status !== 'loading' && list.status !== 'failed' && list.items.length === 0 && (
        <p>
          <Trans>No proposed services are waiting.</Trans>
        </p>
      )}
      {list.items.length > 0 && (
        <ul className="admin-queue" aria-label={t`Proposed services waiting for a decision`}>
          {list.items.map((proposal) => {
            const name = proposal.names.ru
            return (
              <li key={proposal.id}>
                <ProposalCard
                  proposal={proposal}
                  onApprove={(body) =>
                    decide(
                      proposal,
                      () => catalogueAdminApi.approve(proposal.id, body),
                      t`Added to the catalogue: ${body.name_ru}`,
                    )
                  }
                  onMerge={(into) =>
                    decide(
                      proposal,
                      () => catalogueAdminApi.merge(proposal.id, into.id),
                      t`Merged into: ${into.name}`,
                    )
                  }
                  onReject={(reason) =>
                    decide(
                      proposal,
                      () => catalogueAdminApi.reject(proposal.id, reason),
                      t`Rejected: ${name}`,
                    )
                  }
                />
              </li>
            )
          })}
        </ul>
      )}
      {list.status === 'more-failed' && (
        <p role="alert">
          <Trans>More proposed services could not be loaded.</Trans>
        </p>
      )}
      {list.hasMore && list.status !== 'failed' && (
        <LoadMore
          loading={list.status === 'loading-more'}
          ready={false}
          onMore={list.loadMore}
          label={<Trans>Show more proposed services</Trans>}
        />
      )}
    </ScreenLayout>
  )
}
