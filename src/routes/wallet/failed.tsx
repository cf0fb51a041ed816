import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/wallet/failed')({
  beforeLoad: guardRoute('wallet_failed'),
  component: WalletFailedScreen,
})

function WalletFailedScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Payment failed`} lead={t`The payment failed or was cancelled, try later.`} />
}
