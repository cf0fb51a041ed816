import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/executors')({
  beforeLoad: guardRoute('executors'),
  component: ExecutorsScreen,
})

function ExecutorsScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Specialists`} lead={t`Specialists of every category will be listed here.`} />
}
