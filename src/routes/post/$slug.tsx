import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/post/$slug')({
  beforeLoad: guardRoute('post'),
  component: PostScreen,
})

function PostScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Article`} lead={t`The article.`} />
}
