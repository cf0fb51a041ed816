import { coreEndpoints } from '#contract/core-endpoints.ts'
import { emailEndpoints } from '#contract/email-endpoints.ts'
import { notificationEndpoints } from '#contract/notification-endpoints.ts'
import { profileEndpoints as calls } from '#contract/profile-endpoints.ts'
import { promotionEndpoints } from '#contract/promotion-endpoints.ts'
import { telegramEndpoints } from '#contract/telegram-endpoints.ts'
import { verificationEndpoints } from '#contract/verification-endpoints.ts'
import { walletEndpoints } from '#contract/wallet-endpoints.ts'
import { workdayEndpoints } from '#contract/workday-endpoints.ts'
import type { NotificationSettingsBody } from '#contract/schemas/notifications.ts'
import type { CalendarEventBodySchema, SpecialityBodySchema } from '#contract/schemas/specialists.ts'
import type { UpdateProfileBody } from '#contract/schemas/specialists.ts'
import type * as v from 'valibot'
import { api } from '#src/lib/api.ts'

export type ItemKind = 'documents' | 'works'

const pad = (value: number) => String(value).padStart(2, '0')
/** yyyy-mm-dd of a calendar day picked on the device (a birthday): its year, month and day as they read. */
export const localDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

/** The calendar's window: the server answers at most 62 days at once. */
export const CALENDAR_DAYS = 62

/** Every call of the profile editor (contract/profile-endpoints.ts), and the catalogue for adding a specialty. */
export const editorApi = {
  profile: () => api.call(calls.profile, { query: {} }),
  update: (id: number, body: UpdateProfileBody) => api.call(calls.updateProfile, { params: { id }, body }),
  changePassword: (body: { current_password: string; password: string; password_confirmation: string }) =>
    api.call(calls.changePassword, { body }),
  deleteAccount: (id: number, password: string) =>
    api.call(calls.deleteAccount, { params: { id }, body: { password } }),
  statistics: () => api.call(calls.statistics),
  /** Mails a new verification link to the profile's address (docs/decisions/027-email.md). */
  emailSendLink: () => api.call(emailEndpoints.emailSendLink),
  districts: () => api.call(calls.districts),

  categories: () => api.call(coreEndpoints.categories, { query: {} }),
  category: (id: number) => api.call(coreEndpoints.category, { params: { id } }),
  specialities: async (userId: number) =>
    (await api.call(calls.userSpecialities, { params: { id: userId } })).collection,
  addSpeciality: (userId: number, body: v.InferInput<typeof SpecialityBodySchema>) =>
    api.call(calls.addSpeciality, { params: { id: userId }, body }),
  updateSpeciality: (id: number, services: v.InferInput<typeof SpecialityBodySchema>['services']) =>
    api.call(calls.updateSpeciality, { params: { id }, body: { services } }),
  deleteSpeciality: (id: number) => api.call(calls.deleteSpeciality, { params: { id } }),
  lineStatus: (lineId: number, active: boolean) =>
    api.call(calls.specialityServiceStatus, { params: { id: lineId }, body: { active } }),
  categoryStatus: (userId: number, id: number, active: boolean) =>
    api.call(calls.specialityCategoryStatus, { params: { userId, id }, body: { active } }),
  userStatus: async (userId: number, active: boolean) =>
    (await api.call(calls.specialityUserStatus, { params: { userId }, body: { active } })).collection,

  items: async (kind: ItemKind, userId: number) =>
    kind === 'documents'
      ? (await api.call(calls.userDocuments, { params: { id: userId }, query: {} })).collection
      : (await api.call(calls.userWorks, { params: { id: userId }, query: {} })).collection,
  addItem: (kind: ItemKind, title: string, description: string | null) =>
    kind === 'documents'
      ? api.call(calls.addDocument, { body: { name: title, description } })
      : api.call(calls.addWork, { body: { title, description } }),
  updateItem: (kind: ItemKind, id: number, title: string, description: string | null) =>
    kind === 'documents'
      ? api.call(calls.updateDocument, { params: { id }, body: { name: title, description } })
      : api.call(calls.updateWork, { params: { id }, body: { title, description } }),
  deleteItem: (kind: ItemKind, id: number) =>
    api.call(kind === 'documents' ? calls.deleteDocument : calls.deleteWork, { params: { id } }),
  deleteItemFile: (kind: ItemKind, id: number, index: number) =>
    kind === 'documents'
      ? api.call(calls.deleteDocumentFile, { params: { id, index } })
      : api.call(calls.deleteWorkPhoto, { params: { id, index } }),
  reorder: async (kind: ItemKind, ids: number[]) =>
    kind === 'documents'
      ? (await api.call(calls.reorderDocuments, { body: { ids } })).collection
      : (await api.call(calls.reorderWorks, { body: { ids } })).collection,
  itemFilesPath: (kind: ItemKind) =>
    kind === 'documents' ? calls.addDocumentFile.path : calls.addWorkPhoto.path,

  /** The busy time from a day (yyyy-mm-dd in Tashkent) for the calendar's window. */
  calendar: async (userId: number, from: string) => {
    const [year, month, day] = from.split('-').map(Number)
    const to = new Date(Date.UTC(year!, month! - 1, day! + CALENDAR_DAYS - 1))
    const answer = await api.call(calls.userCalendar, {
      params: { id: userId },
      query: { from, to: to.toISOString().slice(0, 10) },
    })
    // Weekly events come once per week of the range: the list shows each event once.
    const seen = new Set<number>()
    return answer.collection.filter((event) => !seen.has(event.id) && seen.add(event.id))
  },
  addEvent: (body: v.InferInput<typeof CalendarEventBodySchema>) =>
    api.call(calls.addCalendarEvent, { body }),
  updateEvent: (id: number, body: v.InferInput<typeof CalendarEventBodySchema>) =>
    api.call(calls.updateCalendarEvent, { params: { id }, body }),
  deleteEvent: (id: number) => api.call(calls.deleteCalendarEvent, { params: { id } }),
  /** A new private feed address of the specialist's jobs, shown once; any earlier one stops working. */
  createCalendarFeed: () => api.call(workdayEndpoints.createCalendarFeed),
  deleteCalendarFeed: () => api.call(workdayEndpoints.deleteCalendarFeed),

  /** The plan and what it unlocks (use-plan.tsx reads it once per visit of the editor). */
  wallet: () => api.call(walletEndpoints.wallet),
  promotion: () => api.call(promotionEndpoints.promotion),
  startPromotion: (days: number) => api.call(promotionEndpoints.startPromotion, { body: { days } }),
  stopPromotion: () => api.call(promotionEndpoints.stopPromotion),

  /** A single-use link to the bot that links this account to the Telegram user who opens it. */
  telegramLink: () => api.call(telegramEndpoints.telegramLink),
  /** Unlinks Telegram; the answer is the profile, its `telegram_id` null. */
  telegramUnlink: () => api.call(telegramEndpoints.telegramUnlink),

  /** The identity verification's state and the latest submission's decision (docs/decisions/028). */
  verification: () => api.call(verificationEndpoints.verification),

  notificationSettings: () => api.call(notificationEndpoints.notificationSettings),
  updateNotificationSettings: (body: NotificationSettingsBody) =>
    api.call(notificationEndpoints.updateNotificationSettings, { body }),
}

export const avatarPath = calls.uploadAvatar.path
