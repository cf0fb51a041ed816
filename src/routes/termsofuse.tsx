import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/termsofuse')({
  beforeLoad: guardRoute('termsofuse'),
  component: TermsofuseScreen,
})

function TermsofuseScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Terms of use`} lead={t`The rules of using the service.`} />
}
