import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsBody,
  type QuietHours,
  type ReminderSwitches,
} from '#contract/schemas/notifications.ts'
import { TASHKENT_OFFSET_MS } from '#server/lib/tashkent-day.ts'

/** What a person has stored: only the kinds they ever changed (a new kind then starts from its defaults). */
export type StoredSettings = {
  kinds: Partial<NotificationSettings['kinds']>
  smsFallback: boolean
  quiet?: QuietHours | null
  /** The specialist's job reminders (decision 031); absent reads as both on. */
  reminders?: ReminderSwitches
}

/**
 * Push is on for every kind: the bell is what the product is for. Telegram is on too: it reaches only a person who
 * linked Telegram (which is asking for it; the master switch `telegram_notifications` turns off all of it), and a
 * specialist who signed up in the bot is told new orders will come there. E-mail is on too, for the same reason: it
 * reaches only an address whose link was followed (which turns the master switch `email_notifications` on) and that
 * has not bounced (docs/decisions/027-email.md).
 */
export const DEFAULT_CHANNELS = { push: true, telegram: true, email: true } as const
export const DEFAULT_SMS_FALLBACK = true
export const DEFAULT_REMINDERS: ReminderSwitches = { evening_before: true, hour_before: true }

/** A person's switches with the defaults filled in; no stored row reads as all defaults. */
export function withDefaults(stored: StoredSettings | undefined): NotificationSettings {
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_CHANNELS, ...stored?.kinds[kind] }]),
  ) as NotificationSettings['kinds']
  return {
    kinds,
    sms_fallback: stored?.smsFallback ?? DEFAULT_SMS_FALLBACK,
    quiet_hours: stored?.quiet ?? null,
    reminders: stored?.reminders ?? DEFAULT_REMINDERS,
  }
}

/** The stored switches after a change that names only what changes. */
export function applyChange(
  stored: StoredSettings | undefined,
  change: NotificationSettingsBody,
): StoredSettings {
  const kinds: StoredSettings['kinds'] = { ...stored?.kinds }
  for (const kind of NOTIFICATION_KINDS) {
    const changed = change.kinds?.[kind]
    if (!changed) continue
    const named = Object.fromEntries(Object.entries(changed).filter(([, on]) => on !== undefined))
    kinds[kind] = { ...DEFAULT_CHANNELS, ...kinds[kind], ...named }
  }
  return {
    kinds,
    smsFallback: change.sms_fallback ?? stored?.smsFallback ?? DEFAULT_SMS_FALLBACK,
    quiet: change.quiet_hours === undefined ? (stored?.quiet ?? null) : change.quiet_hours,
    reminders: {
      evening_before:
        change.reminders?.evening_before ??
        stored?.reminders?.evening_before ??
        DEFAULT_REMINDERS.evening_before,
      hour_before:
        change.reminders?.hour_before ?? stored?.reminders?.hour_before ?? DEFAULT_REMINDERS.hour_before,
    },
  }
}

export const allows = (
  stored: StoredSettings | undefined,
  kind: NotificationKind,
  channel: NotificationChannel,
) => stored?.kinds[kind]?.[channel] ?? DEFAULT_CHANNELS[channel]

/** Whether `at` falls in these quiet hours (Tashkent keeps UTC+5 all year). */
export function inQuietHours(quiet: QuietHours | null | undefined, at: Date) {
  if (!quiet) return false
  const hour = new Date(at.getTime() + TASHKENT_OFFSET_MS).getUTCHours()
  return quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to
}
