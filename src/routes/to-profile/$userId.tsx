import { createFileRoute, redirect } from '@tanstack/react-router'
import { guardRoute } from '#src/lib/route-guard.ts'

/** A redirect-style entry: links that know only a user id land on the public profile. */
export const Route = createFileRoute('/to-profile/$userId')({
  beforeLoad: ({ params }) => {
    guardRoute('to_profile')()
    throw redirect({ to: '/profile/$slug', params: { slug: params.userId }, replace: true })
  },
})
