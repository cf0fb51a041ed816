import { profileEndpoints as endpoints } from '#contract/profile-endpoints.ts'
import { api } from '#src/lib/api.ts'
import { savedCall } from '#src/lib/saved-call.ts'

export const publicProfileApi = {
  /**
   * A specialist's public profile by slug or by user id. Kept at once: a profile is often opened from a shared
   * link, as the first page, by someone about to call on the specialist with a bad connection.
   */
  profile: (slugOrId: string) =>
    savedCall(
      `profile:${slugOrId}`,
      () => api.call(endpoints.publicProfile, { params: { slug: slugOrId } }),
      {
        keepAtOnce: true,
      },
    ),

  /** The busy times (never their titles) between two days, YYYY-MM-DD. */
  busy: async (userId: number, from: string, to: string) =>
    (await api.call(endpoints.userCalendar, { params: { id: userId }, query: { from, to } })).busy,
}
