import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'

export const Route = createFileRoute('/404')({
  // A hand check, not valibot: this route's options load with the first screen.
  validateSearch: (search): { message?: string; description?: string } => ({
    ...(typeof search.message === 'string' && { message: search.message }),
    ...(typeof search.description === 'string' && { description: search.description }),
  }),
  component: NotFoundRoute,
})

function NotFoundRoute() {
  const { message, description } = Route.useSearch()
  return <NotFound message={message} description={description} />
}
