import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/about')({
  beforeLoad: guardRoute('about'),
  component: AboutScreen,
})

function AboutScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout title={t`About us`} lead={t`Fika connects customers with specialists of Uzbekistan.`} />
  )
}
