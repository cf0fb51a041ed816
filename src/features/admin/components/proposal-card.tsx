import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Service } from '#contract/schemas/catalogue.ts'
import type { ApproveProposalBody, Proposal } from '#contract/schemas/moderation.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { ApproveProposalDialog, MergeProposalDialog, ReasonDialog } from './proposal-dialogs.tsx'

type ProposalCardProps = {
  proposal: Proposal
  onApprove: (body: ApproveProposalBody) => Promise<void>
  onMerge: (into: Service) => Promise<void>
  onReject: (reason: string) => Promise<void>
}

/** One proposed service: its name and description, where in the catalogue, who proposed it and when; three decisions. */
export function ProposalCard({ proposal, onApprove, onMerge, onReject }: ProposalCardProps) {
  const { t } = useLingui()
  const [asking, setAsking] = useState<'approve' | 'merge' | 'reject' | null>(null)
  const titleId = `proposal-${proposal.id}`
  const name = proposal.names.ru
  const close = () => setAsking(null)
  const person = proposal.proposed_by
    ? `${proposal.proposed_by.name} ${proposal.proposed_by.surname}`.trim()
    : null

  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">
        {name}
      </h2>
      {proposal.description && <p className="admin-card__text">{proposal.description}</p>}
      <dl className="admin-card__facts">
        <div>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{proposal.category.name}</dd>
        </div>
        {proposal.parent && (
          <div>
            <dt>
              <Trans>Inside the service</Trans>
            </dt>
            <dd>{proposal.parent.name}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Proposed by</Trans>
          </dt>
          <dd>{person ?? t`A deleted account`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Proposed on</Trans>
          </dt>
          <dd>
            <time dateTime={proposal.proposed_at}>{formatDateTime(proposal.proposed_at)}</time>
          </dd>
        </div>
      </dl>
      <div className="admin-card__actions">
        <button type="button" className="button" onClick={() => setAsking('approve')}>
          <Trans>Approve</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking('merge')}>
          <Trans>Merge</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking('reject')}>
          <Trans>Reject</Trans>
        </button>
      </div>
      {asking === 'approve' && (
        <ApproveProposalDialog proposal={proposal} onClose={close} onDecide={onApprove} />
      )}
      {asking === 'merge' && <MergeProposalDialog proposal={proposal} onClose={close} onDecide={onMerge} />}
      {asking === 'reject' && (
        <ReasonDialog
          title={t`Reject “${name}”`}
          lead={t`The person who proposed it reads the reason.`}
          action={t`Reject`}
          onClose={close}
          onDecide={onReject}
        />
      )}
    </article>
  )
}
