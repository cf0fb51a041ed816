import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/notifications')({
  beforeLoad: guardRoute('notifications'),
  component: NotificationsScreen,
})

function NotificationsScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Notifications`} lead={t`All your notifications will be listed here.`} />
}
