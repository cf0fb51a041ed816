import { Trans, useLingui } from '@lingui/react/macro'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { DirectOrderForm } from './direct-order-form.tsx'
import { DirectOrders } from './direct-orders.tsx'

/** /direct/order: the caller's direct orders; with a specialist given, a customer first sends one to them. */
export function DirectOrderScreen({ executor }: { executor: number | undefined }) {
  const { t } = useLingui()
  const profile = useSession((state) => state.profile)
  if (executor === undefined) {
    return (
      <ScreenLayout title={t`Direct orders`}>
        <DirectOrders />
      </ScreenLayout>
    )
  }
  return (
    <ScreenLayout
      title={t`Order from a specialist`}
      lead={t`The specialist gets your order personally and accepts or declines it.`}
    >
      {profile?.id === executor ? (
        <p role="alert" className="form__error">
          <Trans>You cannot order from yourself.</Trans>
        </p>
      ) : profile?.type === 'executor' ? (
        <p role="alert" className="form__error">
          <Trans>Only customers can order: switch to customer mode in the account menu.</Trans>
        </p>
      ) : (
        <DirectOrderForm executorId={executor} />
      )}
    </ScreenLayout>
  )
}
