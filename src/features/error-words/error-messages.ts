import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
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
  error_occurred: msg`An error occurred`,
}

export function errorText(i18n: I18n, code: string): string {
  return i18n._(MESSAGES[code] ?? MESSAGES.error_occurred!)
}
