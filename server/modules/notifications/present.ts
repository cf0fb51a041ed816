import type { Notification } from '#contract/schemas/notifications.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { PresentableNotification } from './repository.ts'
import { notificationText, type TextParams } from './texts.ts'

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** A name kept in every language (`name_ru`, …: a catalogue's service) is read in the reader's. */
const textParams = (row: PresentableNotification, locale: Locale): TextParams => ({
  number: text(row.params.number),
  name: text(row.params[`name_${locale}`]) ?? text(row.params.name),
  rating: typeof row.params.rating === 'number' ? row.params.rating : undefined,
  reason: text(row.params.reason),
  person: row.actorName ?? undefined,
  note: text(row.params.note),
  time: typeof row.params.time === 'string' ? row.params.time : undefined,
  eta: typeof row.params.eta === 'number' ? row.params.eta : undefined,
})

/** The title and sentence of a notification in `locale`: written when read, never stored. */
export const textOf = (row: PresentableNotification, locale: Locale) =>
  notificationText(row.kind, textParams(row, locale), locale)

/** The spec's Notification (section 3) in the reader's language. */
export function presentNotification(row: PresentableNotification, locale: Locale): Notification {
  return {
    id: row.id,
    type_push: row.kind,
    status: row.readAt ? 'read' : 'active',
    message: textOf(row, locale).message,
    link: row.link,
    avatar: row.actorAvatar,
    created_at: row.createdAt.toISOString(),
  }
}
