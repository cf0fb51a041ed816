import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/blog/')({
  beforeLoad: guardRoute('blog'),
  component: BlogScreen,
})

function BlogScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Blog`} lead={t`Articles for customers and specialists.`} />
}
