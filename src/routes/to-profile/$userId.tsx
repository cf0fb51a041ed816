import { createFileRoute, redirect } from '@tanstack/react-router'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

/**
 * A redirect-style entry: links that know only a user id land on the profile's slug address, the one it is shared
 * by. The profile call loads only here (a lazy import, not with the first screen); without an answer the profile
 * opens by id, which says itself what went wrong.
 */
export const Route = createFileRoute('/to-profile/$userId')({
  beforeLoad: async ({ params }) => {
    await guardRoute('to_profile')()
    let slug = params.userId
    if (/^\d{1,12}$/.test(params.userId)) {
      const { publicProfileApi } = await import('#src/features/public-profile/api/profile-api.ts')
      slug = await publicProfileApi
        .profile(params.userId)
        .then((answer) => answer.data.slug)
        .catch(() => params.userId)
    }
    throw redirect({ to: '/profile/$slug', params: { slug }, replace: true })
  },
})
