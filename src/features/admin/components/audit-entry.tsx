import { Trans, useLingui } from '@lingui/react/macro'
import type * as v from 'valibot'
import type { AuditResponseSchema } from '#contract/schemas/verification.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { useAdminWords } from '../words.ts'

type Entry = v.InferOutput<typeof AuditResponseSchema>['collection'][number]

/** One row of the audit log: when (Tashkent time), who, what, to what and why; the target narrows the log to it. */
export function AuditEntry({ entry, onTarget }: { entry: Entry; onTarget: (target: string) => void }) {
  const { t } = useLingui()
  const words = useAdminWords()
  const { target } = entry
  return (
    <dl className="admin-audit__facts">
      <div>
        <dt>
          <Trans>When</Trans>
        </dt>
        <dd>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Who</Trans>
        </dt>
        <dd>{entry.actor ? entry.actor.name : t`A deleted account`}</dd>
      </div>
      <div>
        <dt>
          <Trans>What</Trans>
        </dt>
        <dd>{words.actions[entry.action] ?? entry.action}</dd>
      </div>
      <div>
        <dt>
          <Trans>Target</Trans>
        </dt>
        <dd>
          <button
            type="button"
            className="link-button"
            onClick={() => onTarget(target)}
            aria-label={t`Show every entry about ${target}`}
          >
            {target}
          </button>
        </dd>
      </div>
      {entry.reason && (
        <div>
          <dt>
            <Trans>Reason</Trans>
          </dt>
          <dd>{entry.reason}</dd>
        </div>
      )}
    </dl>
  )
}
