import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { DirectOrderForm } from '#src/features/order-view/components/direct-order-form.tsx'
import { DirectOrders } from '#src/features/order-view/components/direct-orders.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'
import { useSession } from '#src/lib/session-store.ts'

const DirectSearchSchema = v.object({
  executor: v.optional(v.pipe(v.unknown(), v.transform(String), v.regex(/^\d+$/), v.transform(Number))),
})

export const Route = createFileRoute('/direct/order/')({
  validateSearch: (search) => {
    const parsed = v.safeParse(DirectSearchSchema, search)
    return parsed.success ? parsed.output : {}
  },
  beforeLoad: guardRoute('direct_order'),
  component: DirectOrderScreen,
})

/** Direct orders; with `?executor={userId}` a customer first sends one to that specialist. */
function DirectOrderScreen() {
  const { t } = useLingui()
  const { executor } = Route.useSearch()
  const profile = useSession((state) => state.profile)
  const sending = executor !== undefined
  return (
    <ScreenLayout
      title={sending ? t`Order from a specialist` : t`Direct orders`}
      lead={sending ? t`The specialist gets your order personally and accepts or declines it.` : undefined}
    >
      {sending && profile?.id === executor && (
        <p role="alert" className="form__error">
          <Trans>You cannot order from yourself.</Trans>
        </p>
      )}
      {sending && profile?.type === 'executor' && profile.id !== executor && (
        <p role="alert" className="form__error">
          <Trans>Only customers can order: switch to customer mode in the account menu.</Trans>
        </p>
      )}
      {sending && profile?.type === 'customer' && profile.id !== executor && (
        <DirectOrderForm executorId={executor} />
      )}
      {!sending && <DirectOrders />}
    </ScreenLayout>
  )
}
