import * as v from 'valibot'

export const UZ_COUNTRY_CODE = '998'
/** A stored phone: the country code and nine national digits. */
export const PHONE_DIGITS = 12

/**
 * Reduces what a person typed (`+998 90 123-45-67`, `901234567`) to `998XXXXXXXXX`, or returns null when it cannot
 * be an Uzbek number. The reset flow of the spec sends the number without 998, so both forms are accepted.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '')
  const full = digits.length === 9 ? UZ_COUNTRY_CODE + digits : digits
  return full.length === PHONE_DIGITS && full.startsWith(UZ_COUNTRY_CODE) ? full : null
}

/** A phone field: required, an Uzbek number, answered as 998XXXXXXXXX. */
export const PhoneSchema = v.pipe(
  v.string('phone_number_required'),
  v.trim(),
  v.nonEmpty('phone_number_required'),
  v.check((value) => normalizePhone(value) !== null, 'correct_pnone_number'),
  v.transform((value) => normalizePhone(value) as string),
)
