import { profileEndpoints as endpoints } from '#contract/profile-endpoints.ts'
import { api } from '#src/lib/api.ts'
import { savedCall } from '#src/lib/saved-call.ts'

export const reviewsApi = {
  /**
   * A page of a user's reviews, newest first, with the rating breakdown: after `cursor` (the page before's
   * `meta.next_cursor`) when given; the first page is kept on the device.
   */
  page: (userId: number, page: number, perPage: number, cursor?: string) => {
    const call = () =>
      api.call(endpoints.userReviews, {
        params: { id: userId },
        query: { page: String(page), perPage: String(perPage), ...(cursor !== undefined && { cursor }) },
      })
    return page === 1 && cursor === undefined
      ? savedCall(`reviews:${userId}`, call)
      : call().then((data) => ({ data, saved: false as const }))
  },

  /** The name the page is titled with; a user without a public profile is named by the reviews alone. */
  name: async (userId: number) => {
    const profile = await api.call(endpoints.publicProfile, { params: { slug: String(userId) } })
    return { name: `${profile.name} ${profile.surname}`, slug: profile.slug }
  },
}
