import type { ErrorCode } from '#contract/errors.ts'
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from '#contract/schemas/auth.ts'
import { MAX_NUMBERED_PAGE, MAX_PAGE } from '#contract/schemas/bounds.ts'
import { CHAT_TEXT_MAX, REPORT_TEXT_MAX } from '#contract/schemas/chats.ts'
import { CALENDAR_RANGE_DAYS_MAX, FILES_PER_ITEM_MAX, TITLE_MAX } from '#contract/schemas/specialists.ts'
import { SEARCH_MAX, SERVICE_NAME_MAX } from '#contract/schemas/catalogue.ts'
import {
  FREE_MEDIA_BYTES,
  FREE_SPECIALITIES_MAX,
  PROMOTION_DAYS_MAX,
} from '#contract/schemas/plan-features.ts'
import {
  ADDRESS_MAX,
  LANDMARK_MAX,
  AREA_MAX,
  ORDER_NAME_MAX,
  ORDER_SERVICES_MAX,
  TEXT_MAX,
} from '#contract/schemas/orders.ts'
import {
  CONTENT_BODY_MAX,
  CONTENT_DESCRIPTION_MAX,
  CONTENT_TITLE_MAX,
  MARQUEE_ITEMS_MAX,
  MARQUEE_TEXT_MAX,
} from '#contract/schemas/admin-content.ts'
import type { MessageParam, Period } from '#server/lib/app-error.ts'
import type { Locale } from './locale.ts'
import { translations, type Translations } from './catalog.ts'
import { errorMessages } from './error-messages.ts'

/**
 * The message of every error code in the four languages, as the server's catalogs (server/locales/*.po) say it.
 * `{n}` is replaced by a number (seconds, limits).
 */
export const messages = Object.fromEntries(
  Object.entries(errorMessages).map(([code, message]) => [code, translations(message)]),
) as Record<ErrorCode, Translations>

/** Texts that are not errors: what the SMS says. */
const SMS_TEXTS = {
  register: /*i18n*/ {
    id: 'sms.register',
    message: 'Fika: your confirmation code is {code}. Do not share it.',
  },
  reset_pass: /*i18n*/ {
    id: 'sms.reset_pass',
    message: 'Fika: your password reset code is {code}. Do not share it.',
  },
  telegram: /*i18n*/ {
    id: 'sms.telegram',
    message: 'Fika: your code to link Telegram to your account is {code}. Do not share it.',
  },
}
export const smsTexts: Record<keyof typeof SMS_TEXTS, Translations> = {
  register: translations(SMS_TEXTS.register),
  reset_pass: translations(SMS_TEXTS.reset_pass),
  telegram: translations(SMS_TEXTS.telegram),
}

/** The language tags Intl formats each of our languages with (oz and uz are Uzbek in two scripts). */
const INTL_LOCALES: Record<Locale, string> = { ru: 'ru-RU', oz: 'uz-Latn-UZ', uz: 'uz-Cyrl-UZ', en: 'en-GB' }
/** Times in messages are the market's own: Tashkent, 24-hour. */
const MESSAGE_TIME_ZONE = 'Asia/Tashkent'

const periodFormats = new Map<Locale, Intl.DateTimeFormat>()
function periodFormat(locale: Locale) {
  let format = periodFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      timeZone: MESSAGE_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    periodFormats.set(locale, format)
  }
  return format
}

/** "25 ноября 2026 г., 09:00–12:00; 2 декабря 2026 г., 09:00–12:00" */
export function formatPeriods(periods: Period[], locale: Locale): string {
  return periods.map((period) => periodFormat(locale).formatRange(period.start, period.end)).join('; ')
}

const formatParam = (value: MessageParam, locale: Locale) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number'
      ? value.toLocaleString(INTL_LOCALES[locale])
      : formatPeriods(value, locale)

/**
 * The message of a code in a language: `{n}` is the number of a limit or a wait, other `{name}` places take the
 * error's named values, formatted for that language.
 */
export function translate(
  code: string,
  locale: Locale,
  n?: number,
  params: Record<string, MessageParam> = {},
): string {
  const entry = (messages as Record<string, Translations | undefined>)[code] ?? messages.error_occurred
  const text = n === undefined ? entry[locale] : entry[locale].replaceAll('{n}', String(n))
  return text.replace(/\{(\w+)\}/g, (place, name: string) =>
    params[name] === undefined ? place : formatParam(params[name], locale),
  )
}

/** The number a validation message names, where it names one. */
export const messageNumbers: Partial<Record<ErrorCode, number>> = {
  password_least: PASSWORD_MIN,
  password_max: PASSWORD_MAX,
  name_max: NAME_MAX,
  surname_max: NAME_MAX,
  patronymic_max: NAME_MAX,
  sms_code_least_min: SMS_CODE_LENGTH,
  sms_code_least_max: SMS_CODE_LENGTH,
  service_name_max: SERVICE_NAME_MAX,
  page_invalid: MAX_PAGE,
  page_needs_cursor: MAX_NUMBERED_PAGE,
  order_name_max: ORDER_NAME_MAX,
  address_max: ADDRESS_MAX,
  landmark_max: LANDMARK_MAX,
  area_max: AREA_MAX,
  text_max: TEXT_MAX,
  services_too_many: ORDER_SERVICES_MAX,
  search_too_long: SEARCH_MAX,
  title_max: TITLE_MAX,
  too_many_files: FILES_PER_ITEM_MAX,
  calendar_range_invalid: CALENDAR_RANGE_DAYS_MAX,
  message_too_long: CHAT_TEXT_MAX,
  report_text_max: REPORT_TEXT_MAX,
  specialities_limit_without_plan: FREE_SPECIALITIES_MAX,
  file_too_large_without_plan: FREE_MEDIA_BYTES / (1024 * 1024),
  promotion_days_invalid: PROMOTION_DAYS_MAX,
  content_title_max: CONTENT_TITLE_MAX,
  content_description_max: CONTENT_DESCRIPTION_MAX,
  content_body_max: CONTENT_BODY_MAX,
  marquee_text_max: MARQUEE_TEXT_MAX,
  marquee_full: MARQUEE_ITEMS_MAX,
}
