import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/feedbacks/$userId')({
  beforeLoad: guardRoute('feedbacks'),
  component: FeedbacksScreen,
})

function FeedbacksScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Reviews`} lead={t`Reviews left for this user will be listed here.`} />
}
