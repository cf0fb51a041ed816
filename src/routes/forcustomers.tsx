import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/forcustomers')({
  beforeLoad: guardRoute('forcustomers'),
  component: ForcustomersScreen,
})

function ForcustomersScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`For customers`}
      lead={t`Posting an order is free; replies usually arrive in 10-20 minutes.`}
    />
  )
}
