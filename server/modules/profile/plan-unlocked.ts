// What a plan unlocks on the caller's own profile (decision 016): the weekly statistics and the share link.
import { STATISTICS_WEEKS } from '#contract/schemas/specialists.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { DAY_MS, TASHKENT_OFFSET_MS, tashkentDay } from '#server/lib/tashkent-day.ts'
import { shareText } from './preview-text.ts'
import type { ProfileDeps } from './service-deps.ts'

/** Monday 00:00 in Tashkent of the week `weeksBack` weeks before the one `now` falls in. */
function tashkentMonday(now: Date, weeksBack: number) {
  const local = new Date(now.getTime() + TASHKENT_OFFSET_MS)
  const sinceMonday = (local.getUTCDay() + 6) % 7
  const mondayLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday)
  return new Date(mondayLocal - TASHKENT_OFFSET_MS - weeksBack * 7 * DAY_MS)
}

export function createProfilePlanUnlocked({ profiles, clock, entitlements, publicUrl }: ProfileDeps) {
  return {
    /** The last STATISTICS_WEEKS weeks (Tashkent, from Monday), oldest first, the current one last. */
    async statistics(caller: UserRow) {
      // Views are counted whatever the plan: the figures are there the day a plan is bought.
      await entitlements.require(caller.id, 'statistics')
      const start = tashkentMonday(clock.now(), STATISTICS_WEEKS - 1)
      const figures = await profiles.weeklyFigures(caller.id, start, tashkentDay(start))
      return {
        weeks: Array.from({ length: STATISTICS_WEEKS }, (_, week) => {
          const reviewed = figures.reviewed.get(week)
          return {
            week: tashkentDay(new Date(start.getTime() + week * 7 * DAY_MS)),
            views: figures.views.get(week)?.n ?? 0,
            replies: figures.sent.get(week)?.n ?? 0,
            chosen: figures.chosen.get(week)?.n ?? 0,
            completed: figures.completed.get(week)?.n ?? 0,
            reviews: reviewed?.n ?? 0,
            rating: reviewed?.average == null ? null : Math.round(Number(reviewed.average) * 100) / 100,
          }
        }),
      }
    },

    /** The caller's profile link and a line of text to share it with, in their language; a professional's. */
    async share(caller: UserRow, locale: Locale) {
      await entitlements.require(caller.id, 'profile_sharing')
      return {
        url: `${publicUrl}/profile/${caller.slug}`,
        text: shareText(`${caller.name} ${caller.surname}`.trim(), locale),
      }
    },
  }
}
