import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/wallet/')({
  beforeLoad: guardRoute('wallet'),
  component: WalletScreen,
})

function WalletScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Wallet`}
      lead={t`Tariff plans, the history of payments and the refused-services report will be here.`}
    />
  )
}
