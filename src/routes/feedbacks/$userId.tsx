import { createFileRoute, useParams } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { FeedbacksScreen } from '#src/features/feedbacks/components/feedbacks-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/feedbacks/$userId')({
  beforeLoad: guardRoute('feedbacks'),
  component: FeedbacksRoute,
})

function FeedbacksRoute() {
  // NOTE: not Route.useParams(), for the reason given in ../order/$orderId.tsx.
  const { userId } = useParams({ from: '/feedbacks/$userId' })
  return /^\d{1,12}$/.test(userId) ? <FeedbacksScreen key={userId} userId={Number(userId)} /> : <NotFound />
}
