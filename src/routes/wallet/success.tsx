import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/wallet/success')({
  beforeLoad: guardRoute('wallet_success'),
  component: WalletSuccessScreen,
})

function WalletSuccessScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Payment completed`}
      lead={t`Thank you: the payment went through and your tariff is active.`}
    />
  )
}
