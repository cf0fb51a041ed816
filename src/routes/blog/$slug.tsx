import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/blog/$slug')({
  beforeLoad: guardRoute('blog_item'),
  component: BlogItemScreen,
})

function BlogItemScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Article`} lead={t`The article.`} />
}
