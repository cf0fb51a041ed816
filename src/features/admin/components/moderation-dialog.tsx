import { useLingui } from '@lingui/react/macro'
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '#contract/schemas/chats.ts'
import { ReasonDialog } from './reason-dialog.tsx'

/** How the console names the report reasons (contract/schemas/chats.ts). */
export function useReportReasons(): Record<ReportReason, string> {
  const { t } = useLingui()
  return { spam: t`Spam`, abuse: t`Insults or threats`, fraud: t`Fraud`, other: t`Something else` }
}

type Props = {
  title: string
  /** What happens, in a sentence. */
  lead: string
  action: string
  onClose: () => void
  /** Sends the decision; it throws when the dialog should stay open and say why. */
  onDecide: (reason: ReportReason, text: string) => Promise<void>
}

/** A warning or a block: a reason from the list, which the person reads in their language, and an optional note. */
export function ModerationDialog({ title, lead, action, onClose, onDecide }: Props) {
  const { t } = useLingui()
  return (
    <ReasonDialog
      title={title}
      lead={lead}
      reasons={REPORT_REASONS}
      reasonNames={useReportReasons()}
      missingReason={t`Choose a reason.`}
      noteLabel={t`Note for the user (optional)`}
      textMax={REPORT_TEXT_MAX}
      action={action}
      onClose={onClose}
      onDecide={onDecide}
    />
  )
}
