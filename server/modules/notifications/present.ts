import type { Notification } from '#contract/schemas/notifications.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { PresentableNotification } from './repository.ts'
import { notificationText, type TextParams } from './texts.ts'

const textParams = (row: PresentableNotification): TextParams => ({
  number: typeof row.params.number === 'string' ? row.params.number : undefined,
  name: typeof row.params.name === 'string' ? row.params.name : undefined,
  rating: typeof row.params.rating === 'number' ? row.params.rating : undefined,
  person: row.actorName ?? undefined,
  time: typeof row.params.time === 'string' ? row.params.time : undefined,
  eta: typeof row.params.eta === 'number' ? row.params.eta : undefined,
})

/** The title and sentence of a notification in `locale`: written when read, never stored. */
export const textOf = (row: PresentableNotification, locale: Locale) =>
  notificationText(row.kind, textParams(row), locale)

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
