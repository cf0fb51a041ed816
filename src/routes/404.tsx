import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { NotFound } from '#src/components/not-found.tsx'

export const Route = createFileRoute('/404')({
  validateSearch: (search) =>
    v.parse(v.object({ message: v.optional(v.string()), description: v.optional(v.string()) }), search),
  component: NotFoundRoute,
})

function NotFoundRoute() {
  const { message, description } = Route.useSearch()
  return <NotFound message={message} description={description} />
}
