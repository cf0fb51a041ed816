import { Trans, useLingui } from '@lingui/react/macro'
import type * as v from 'valibot'
import type { AuditResponseSchema } from '#contract/schemas/verification.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { useAdminWords } from '../words.ts'

type Entry = v.InferOutput<typeof AuditResponseSchema>['collection'][number]
type Words = ReturnType<typeof useAdminWords>

/**
 * The log keeps a refusal's reason as `code: note` and a photo read's as the side read
 * (server/modules/verification/service.ts): both are said in words; anything else is shown as it was written.
 */
function reasonInWords({ action, reason }: Entry, words: Words) {
  if (reason === null) return null
  if (action === 'document.read') return words.sides[reason] ?? reason
  if (action !== 'verification.deny') return reason
  const [code = '', ...note] = reason.split(': ')
  const named = (words.reasons as Record<string, string>)[code]
  if (!named) return reason
  return note.length > 0 ? `${named}: ${note.join(': ')}` : named
}

/** One row of the audit log: when (Tashkent time), who, what, to what and why; the target narrows the log to it. */
export function AuditEntry({ entry, onTarget }: { entry: Entry; onTarget: (target: string) => void }) {
  const { t } = useLingui()
  const words = useAdminWords()
  const { target } = entry
  const reason = reasonInWords(entry, words)
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
      {reason && (
        <div>
          <dt>
            <Trans>Reason</Trans>
          </dt>
          <dd>{reason}</dd>
        </div>
      )}
    </dl>
  )
}
