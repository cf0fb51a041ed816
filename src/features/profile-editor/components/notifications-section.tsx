import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsBody,
} from '#contract/schemas/notifications.ts'
import PushPermissionCard from '#src/features/push/push-permission-card.tsx'
import { editorApi } from '../api.ts'
import { useKeptEdit } from '../use-kept-edit.ts'
import { useFailureText, useSave } from '../use-save.ts'
import { Switch } from './confirm.tsx'
import { QuietHoursField } from './quiet-hours-field.tsx'
import { RemindersField } from './reminders-field.tsx'
import { QuickReplyCard } from './text-sections.tsx'
import { EditorSection, SaveBar } from './section.tsx'

const KIND_NAMES: Record<NotificationKind, MessageDescriptor> = {
  new_order: msg`New orders that match my specialties and districts`,
  order_reply: msg`A specialist replied to my order`,
  executor_chosen: msg`A customer chose me`,
  order_accepted: msg`The specialist accepted my order`,
  order_declined: msg`The specialist declined my order`,
  order_canceled: msg`The customer cancelled the order`,
  order_completed: msg`The customer marked the order done`,
  review_received: msg`A new review about me`,
  chat_message: msg`New chat messages`,
  verification_approved: msg`My identity is confirmed`,
  verification_denied: msg`My documents were not accepted`,
  moderator_warning: msg`A moderator's warning`,
  service_approved: msg`A service I proposed was added`,
  service_rejected: msg`A service I proposed was not added`,
  order_on_my_way: msg`The specialist is on the way`,
  order_arrived: msg`The specialist arrived`,
  order_done: msg`The specialist finished the work`,
  job_reminder_evening: msg`A reminder of tomorrow's job, the evening before`,
  job_reminder_hour: msg`A reminder an hour before a job`,
}

/** The kinds grouped by who gets them, so a person reads their own mode's rows first. */
const KIND_GROUPS = {
  customer: [
    'order_reply',
    'order_accepted',
    'order_declined',
    'order_on_my_way',
    'order_arrived',
    'order_done',
  ],
  executor: [
    'new_order',
    'executor_chosen',
    'order_canceled',
    'order_completed',
    'review_received',
    'verification_approved',
    'verification_denied',
    'job_reminder_evening',
    'job_reminder_hour',
  ],
  both: ['chat_message', 'moderator_warning', 'service_approved', 'service_rejected'],
} as const satisfies Record<string, NotificationKind[]>
type Group = keyof typeof KIND_GROUPS

/** Only the switches that differ from what the server has: a change names only what changes (the contract). */
export function settingsChanges(saved: NotificationSettings, value: NotificationSettings) {
  const body: NotificationSettingsBody = {}
  const kinds: Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>> = {}
  for (const kind of NOTIFICATION_KINDS) {
    for (const channel of NOTIFICATION_CHANNELS) {
      if (value.kinds[kind][channel] !== saved.kinds[kind][channel])
        kinds[kind] = { ...kinds[kind], [channel]: value.kinds[kind][channel] }
    }
  }
  if (Object.keys(kinds).length > 0) body.kinds = kinds as NotificationSettingsBody['kinds']
  if (value.sms_fallback !== saved.sms_fallback) body.sms_fallback = value.sms_fallback
  if (JSON.stringify(value.quiet_hours) !== JSON.stringify(saved.quiet_hours))
    body.quiet_hours = value.quiet_hours
  const reminders: NonNullable<NotificationSettingsBody['reminders']> = {}
  if (value.reminders.evening_before !== saved.reminders.evening_before)
    reminders.evening_before = value.reminders.evening_before
  if (value.reminders.hour_before !== saved.reminders.hour_before)
    reminders.hour_before = value.reminders.hour_before
  if (Object.keys(reminders).length > 0) body.reminders = reminders
  return body
}

/**
 * Which kinds of notification reach the person on which channel, the SMS fallback, and browser push on this
 * device. Telegram delivers (docs/decisions/026); the e-mail switches are kept and used once e-mail delivers.
 */
export function NotificationsSection({ profile }: { profile: Profile }) {
  const failureText = useFailureText()
  const [saved, setSaved] = useState<NotificationSettings | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  useEffect(() => {
    editorApi
      .notificationSettings()
      .then(setSaved)
      .catch((error: unknown) => setLoadError(failureText(error)))
  }, [failureText])

  return (
    <EditorSection
      id="notifications"
      title={<Trans>Notifications</Trans>}
      lead={
        <Trans>Choose what we tell you about, and where. The bell on the site always shows everything.</Trans>
      }
    >
      {!saved && !loadError && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {loadError && <p role="alert">{loadError}</p>}
      {saved && <SettingsForm profile={profile} saved={saved} onSaved={setSaved} />}
      {profile.type === 'executor' && <QuickReplyCard profile={profile} />}
      <PushPermissionCard headingLevel={3} />
    </EditorSection>
  )
}

type SettingsFormProps = {
  profile: Profile
  saved: NotificationSettings
  onSaved: (settings: NotificationSettings) => void
}

function SettingsForm({ profile, saved, onSaved }: SettingsFormProps) {
  const { t, i18n } = useLingui()
  const edit = useKeptEdit(`${profile.id}:notification-settings`, saved)
  const save = useSave()
  // An edit kept on the device by a version before the reminders has none: the server's stand in for them.
  const kept: Partial<NotificationSettings> = edit.value
  const value: NotificationSettings = { ...edit.value, reminders: kept.reminders ?? saved.reminders }
  const groups: Group[] =
    profile.type === 'executor' ? ['executor', 'customer', 'both'] : ['customer', 'executor', 'both']
  const groupNames: Record<Group, string> = {
    customer: t`When I order`,
    executor: t`When I work as a specialist`,
    both: t`In both modes`,
  }
  const channelNames: Record<NotificationChannel, string> = {
    push: t`Push`,
    telegram: 'Telegram',
    email: t`E-mail`,
  }
  const switchName = (kind: string, channel: NotificationChannel) =>
    channel === 'push'
      ? t`${kind} in push notifications`
      : channel === 'telegram'
        ? t`${kind} in Telegram`
        : t`${kind} by e-mail`

  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    edit.update((current) => ({
      ...current,
      kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], [channel]: on } },
    }))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save.run(async () => {
      const changes = settingsChanges(saved, value)
      const updated =
        Object.keys(changes).length > 0 ? await editorApi.updateNotificationSettings(changes) : saved
      await edit.clear()
      onSaved(updated)
    })
  }

  return (
    <form className="form" onSubmit={submit} aria-label={t`Notification settings`}>
      <div className="editor-table notification-grid">
        <table>
          <caption className="visually-hidden">
            <Trans>Which notifications reach you, and where</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Notification</Trans>
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col">
                  {channelNames[channel]}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group}>
              <tr>
                <th
                  scope="rowgroup"
                  colSpan={NOTIFICATION_CHANNELS.length + 1}
                  className="notification-grid__group"
                >
                  {groupNames[group]}
                </th>
              </tr>
              {KIND_GROUPS[group].map((kind) => {
                const name = i18n._(KIND_NAMES[kind])
                return (
                  <tr key={kind}>
                    <th scope="row">{name}</th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel}>
                        <input
                          type="checkbox"
                          role="switch"
                          aria-label={switchName(name, channel)}
                          checked={value.kinds[kind][channel]}
                          onChange={(event) => toggle(kind, channel, event.target.checked)}
                        />
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          ))}
        </table>
      </div>
      <p className="form__hint">
        <Trans>
          Telegram messages come once Telegram is connected in Settings. E-mail messages start later: your
          choices are kept and apply as soon as they do.
        </Trans>
      </p>
      <SmsFallbackCard
        checked={value.sms_fallback}
        onChange={(on) => edit.update((current) => ({ ...current, sms_fallback: on }))}
      />
      {profile.type === 'executor' && (
        <RemindersField
          value={value.reminders}
          onChange={(reminders) => edit.update((current) => ({ ...current, reminders }))}
        />
      )}
      {profile.type === 'executor' && (
        <QuietHoursField
          value={value.quiet_hours}
          onChange={(quiet_hours) => edit.update((current) => ({ ...current, quiet_hours }))}
        />
      )}
      <SaveBar state={save.state} statusRef={save.statusRef} dirty={edit.dirty} restored={edit.restored} />
    </form>
  )
}

/** One SMS for an urgent notification left unread (docs/decisions/010), and when it comes. */
function SmsFallbackCard({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useLingui()
  return (
    <div className="editor-card">
      <Switch
        label={t`One SMS when an urgent notification stays unread`}
        checked={checked}
        onChange={onChange}
      />
      <p className="form__hint">
        <Trans>
          If “A customer chose me” or “The customer cancelled the order” stays unread for 15 minutes, we send
          one SMS with the order number and a link. At most 3 a day.
        </Trans>
      </p>
    </div>
  )
}
