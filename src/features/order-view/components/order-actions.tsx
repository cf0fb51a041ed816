import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Order, OrderAction } from '#contract/schemas/orders.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { orderApi } from '../api/order-api.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { haptic } from '#src/lib/haptics.ts'

type Step = OrderAction | 'delete'
type Confirm = { title: string; text?: string; yes: string; no: string }
type Button = { step: Step; label: string; confirm?: Confirm }

/** The customer's "Mark the work completed", which the steps' "done" points at. */
export const COMPLETE_BUTTON_ID = 'order-complete'

const DELETABLE = ['open', 'inactive', 'canceled', 'completed']
const CANCELABLE = ['open', 'inactive', 'in_progress']

/** The steps the caller's role may take on the order now (docs/decisions/005-order-lifecycle.md). */
function useButtons(order: Order, role: 'customer' | 'chosen' | 'other'): Button[] {
  const { t } = useLingui()
  if (role === 'chosen' && order.status === 'inactive') {
    return [
      { step: 'accept', label: t`Accept the order` },
      {
        step: 'decline',
        label: t`Decline the order`,
        confirm: { title: t`Decline this order?`, yes: t`Decline the order`, no: t`Go back` },
      },
    ]
  }
  if (role !== 'customer') return []
  const buttons: Button[] = []
  if (order.status === 'open')
    buttons.push({
      step: 'toggle-replies',
      label: t`Stop receiving replies`,
      confirm: {
        title: t`Pause replies to this order?`,
        text: t`The order leaves the open orders: specialists will not find it or reply until you resume. The replies you already have stay.`,
        yes: t`Pause replies`,
        no: t`Keep receiving replies`,
      },
    })
  if (order.status === 'inactive' && order.executor_id === null && !order.is_direct)
    buttons.push({
      step: 'toggle-replies',
      label: t`Resume receiving replies`,
      confirm: {
        title: t`Resume receiving replies?`,
        text: t`The order goes back to the open orders: specialists will see it and can reply again.`,
        yes: t`Resume replies`,
        no: t`Keep replies paused`,
      },
    })
  if (order.status === 'in_progress')
    buttons.push({
      step: 'complete',
      label: t`Mark the work completed`,
      confirm: { title: t`Is the work done?`, yes: t`Yes, the work is done`, no: t`Not yet` },
    })
  if (CANCELABLE.includes(order.status))
    buttons.push({
      step: 'cancel',
      label: t`Cancel the order`,
      confirm: { title: t`Cancel this order?`, yes: t`Cancel the order`, no: t`Keep the order` },
    })
  if (DELETABLE.includes(order.status))
    buttons.push({
      step: 'delete',
      label: t`Delete the order`,
      confirm: {
        title: t`Delete this order? It moves to the archive.`,
        yes: t`Delete the order`,
        no: t`Keep the order`,
      },
    })
  return buttons
}

type OrderActionsProps = {
  order: Order
  role: 'customer' | 'chosen' | 'other'
  onChange: (order: Order) => void
}

export function OrderActions({ order, role, onChange }: OrderActionsProps) {
  const { t, i18n } = useLingui()
  const buttons = useButtons(order, role)
  const [asking, setAsking] = useState<Button | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const run = async (step: Step) => {
    setFailure(null)
    setBusy(true)
    try {
      onChange(step === 'delete' ? await orderApi.remove(order.id) : await orderApi.act(order.id, step))
      haptic('success')
      setAsking(null)
    } catch (error) {
      haptic('error')
      const offline = error instanceof ApiError && error.status === 0
      // The spec's two messages: one for a refused status change, one for a refused delete.
      setFailure(
        offline
          ? errorText(i18n, 'network')
          : step === 'delete'
            ? t`Delete failed, try again`
            : t`Status change failed, try again`,
      )
      setAsking(null)
    } finally {
      setBusy(false)
    }
  }

  if (buttons.length === 0) return null
  return (
    <section className="order__actions" aria-label={t`Order actions`}>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      {buttons.map((button) => (
        <button
          key={button.label}
          id={button.step === 'complete' ? COMPLETE_BUTTON_ID : undefined}
          type="button"
          className={button.step === 'accept' ? 'button' : 'button button--secondary'}
          disabled={busy}
          onClick={() => (button.confirm ? setAsking(button) : void run(button.step))}
        >
          {button.label}
        </button>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.confirm?.title ?? ''}
        confirmLabel={asking?.confirm?.yes ?? ''}
        dismissLabel={asking?.confirm?.no}
        onConfirm={() => (asking ? run(asking.step) : Promise.resolve())}
        onClose={() => setAsking(null)}
      >
        {asking?.confirm?.text && <p>{asking.confirm.text}</p>}
      </ConfirmDialog>
    </section>
  )
}
