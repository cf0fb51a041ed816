import { act } from '@testing-library/react'
import type { EmailNotice } from '#contract/email-notices.ts'
import { NOTIFICATION_KINDS, type NotificationSettings } from '#contract/schemas/notifications.ts'
import { PLAN_FEATURES, type Plan } from '#contract/schemas/plan-features.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { ProfileEditor } from '#src/features/profile-editor/components/profile-editor.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

export { keptEdits } from './profile-editor-kept.ts'

export const EXECUTOR = profileOf({ id: 9, type: 'executor', name: 'Jasur', surname: 'Karimov' })
export const CUSTOMER = profileOf({ id: 7, type: 'customer' })
export const PROFILE_PATH = `${V1}/profile`
export const NOTIFICATION_SETTINGS_PATH = `${V1}/profile/notification/settings`

/** Notification settings as the server answers them: every kind on for push, off elsewhere; no SMS fallback. */
export const notificationSettingsOf = (): NotificationSettings => ({
  kinds: Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { push: true, telegram: false, email: false }]),
  ) as NotificationSettings['kinds'],
  sms_fallback: false,
  quiet_hours: null,
  reminders: { evening_before: true, hour_before: true },
})

type Handlers = Parameters<typeof stubApi>[0]

/** `GET /wallet` as the editor reads it: the plan and its features (the rest of the wallet is not read there). */
export const walletWith = (plan: Plan | null) => ({
  plan,
  until: plan ? '2026-12-24T10:00:00.000Z' : null,
  paid_until: plan ? '2026-12-24T10:00:00.000Z' : null,
  periods: [],
  balance: 0,
  features: plan ? [...PLAN_FEATURES[plan]] : [],
  plans: [],
  providers: [],
})
export const WALLET_PATH = `${V1}/wallet`

/**
 * The editor of `profile`, logged in, with the server answering `GET /profile` and `extra`. The specialist has the
 * professional plan (nothing locked) unless `extra` answers `GET /wallet` otherwise.
 */
export function openEditor(
  profile: { id: number } & Record<string, unknown>,
  extra: Handlers = {},
  props: { emailNotice?: EmailNotice } = {},
) {
  act(() => useSession.getState().setSession({ token: 'token', profile: profile as unknown as Profile }))
  const server = stubApi({
    [`GET ${PROFILE_PATH}`]: () => ({ json: profile }),
    [`GET ${V1}/districts`]: () => ({ json: { collection: [] } }),
    [`GET ${V1}/speciality/${profile.id}/all`]: () => ({ json: { collection: [] } }),
    [`GET ${V1}/categories`]: () => ({ json: { collection: [] } }),
    [`GET ${V1}/profile/${profile.id}/documents`]: () => ({ json: { collection: [], meta: META } }),
    [`GET ${V1}/profile/${profile.id}/works`]: () => ({ json: { collection: [], meta: META } }),
    [`GET ${V1}/profile/${profile.id}/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    [`GET ${V1}/profile/statistics`]: () => ({ json: { weeks: [] } }),
    [`GET ${NOTIFICATION_SETTINGS_PATH}`]: () => ({ json: notificationSettingsOf() }),
    [`GET ${WALLET_PATH}`]: () => ({ json: walletWith('professional') }),
    [`GET ${V1}/profile/promotion`]: () => ({ json: { promotion: null } }),
    ...extra,
  })
  const view = renderInApp(
    <WithCatalog load={loadProfileEditorCatalog}>
      <ProfileEditor {...props} />
    </WithCatalog>,
    '/account',
  )
  return { server, view }
}

export const META = { page: 1, perPage: 50, total: 0 }
