import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatNumber } from '#src/lib/format.ts'
import { PRICE_MAX_SOUM } from '#src/lib/price-bounds.ts'
import { loadErrorWordsCatalog } from './catalog.ts'

// Its words load with the first screen that can show them (a sign-in modal, an order's actions), not with `/`.
await loadErrorWordsCatalog()

/**
 * The message keys of contract/ as the web app words them. Client-side validation yields these keys; server
 * errors arrive already translated, so this is only for checks made before a request is sent.
 */
const MESSAGES: Record<string, MessageDescriptor> = {
  phone_number_required: msg`Enter your phone number`,
  correct_pnone_number: msg`Enter a valid phone number: +998 and 9 digits`,
  password_required: msg`Enter your password`,
  specify_password: msg`Specify a password`,
  password_least: msg`The password must be at least 6 characters long`,
  password_max: msg`The password must be at most 128 characters`,
  password_letters_digits: msg`The password must contain letters and digits`,
  confirm_password: msg`Confirm the password`,
  confirm_sameAsPassword: msg`The passwords do not match`,
  specify_sms_code: msg`Enter the SMS code`,
  sms_code_least_min: msg`The code must have 4 digits`,
  sms_code_least_max: msg`The code must have 4 digits`,
  wrong_sms_code: msg`Wrong SMS code, try again`,
  type_required: msg`Choose customer or executor`,
  specify_type_user: msg`Specify the user type`,
  name_required: msg`Enter your first name`,
  name_max: msg`The first name must be at most 25 characters`,
  surname_required: msg`Enter your surname`,
  surname_max: msg`The surname must be at most 25 characters`,
  patronymic_max: msg`The patronymic must be at most 25 characters`,
  email_invalid: msg`Enter a valid e-mail address`,
  user_with_this_number: msg`A user with this number already exists`,
  user_not_reg: msg`User is not registered`,
  network: msg`No connection to the server. Check the internet and try again`,
  price_max_below_min: msg`The maximum price must be above the minimum`,
  discount_invalid: msg`Enter a discount from 0 to 100 percent`,
  title_required: msg`Write a title: at least 2 characters`,
  file_invalid: msg`The file is too large or of a wrong format`,
  file_not_photo: msg`This file is not a photo. Choose a JPEG, PNG, WebP or HEIC picture.`,
  request_too_large: msg`The file is too large or of a wrong format`,
  error_occurred: msg`An error occurred`,
}

const MEGABYTE = 1024 * 1024

/** The one file-size words of the app: every file input says this when a file is past its limit. */
export function fileTooLargeText(i18n: I18n, maxBytes: number) {
  const megabytes = formatNumber(maxBytes / MEGABYTE)
  return i18n._(msg`This file is larger than ${megabytes} MB. Choose a smaller one.`)
}

/**
 * Why a chosen photo is refused before it is sent, in the words every photo input of the app uses (the chat's):
 * not an image, or past the size limit; null when it may go. `types` narrows the accepted image types.
 */
export function photoRefusal(
  i18n: I18n,
  file: Pick<File, 'type' | 'size'>,
  maxBytes: number,
  types?: readonly string[],
): string | null {
  const isPhoto = types ? types.includes(file.type) : file.type.startsWith('image/')
  if (!isPhoto) return errorText(i18n, 'file_not_photo')
  if (file.size > maxBytes) return fileTooLargeText(i18n, maxBytes)
  return null
}

/**
 * Length codes of contract/ (text_max, order_name_max, ...): every one is worded with the limit of the field that
 * refused, so a field with a counter and its message name the same number.
 */
const LENGTH_CODES = new Set([
  'text_max',
  'text_too_long',
  'order_name_max',
  'address_max',
  'landmark_max',
  'area_max',
  'title_max',
  'name_max',
  'surname_max',
  'patronymic_max',
  'service_name_max',
  'search_too_long',
  'message_too_long',
  'report_text_max',
])

/**
 * A message key as words. `max` is the limit of the field a length key came from (its counter shows the same);
 * without it a length key still gets words that say what is wrong, never the generic error.
 */
export function errorText(i18n: I18n, code: string, max?: number): string {
  if (LENGTH_CODES.has(code)) {
    if (max === undefined) return i18n._(msg`The text is too long`)
    const limit = formatNumber(max)
    return i18n._(msg`The text must be at most ${limit} characters`)
  }
  if (code === 'price_invalid') {
    const most = formatNumber(PRICE_MAX_SOUM)
    return i18n._(msg`Enter the price as a whole number from 0 to ${most} so'm`)
  }
  return i18n._(MESSAGES[code] ?? MESSAGES.error_occurred!)
}

/** What a counter under a limited field says: the limit (read with the field) and what is left (near the end). */
export function limitWords(i18n: I18n, length: number, max: number) {
  const limit = formatNumber(max)
  const left = formatNumber(Math.max(max - length, 0))
  const over = formatNumber(Math.max(length - max, 0))
  return {
    limit: i18n._(msg`At most ${limit} characters`),
    left: i18n._(msg`Characters left: ${left}`),
    over: i18n._(msg`${over} characters over the limit of ${limit}`),
  }
}
