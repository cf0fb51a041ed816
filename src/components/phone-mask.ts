import { maskitoUpdateElement, type MaskitoOptions, type MaskitoPreprocessor } from '@maskito/core'
import { maskitoCaretGuard, maskitoEventHandler, maskitoPrefixPostprocessorGenerator } from '@maskito/kit'

export const PHONE_PREFIX = '+998 '
/** +998 ## ###-##-## is 17 characters, the spec's minimum for a complete number. */
export const PHONE_MASK_LENGTH = 17
const COUNTRY_CODE = '998'
const NATIONAL_DIGITS = 9

const digit = /\d/

/**
 * What a typed, pasted or autofilled text says: an Uzbekistan number (`national`, its digits after 998, maybe not
 * all of them yet; `whole` when the text stands for the whole number rather than digits to add at the caret), the
 * start of a country code typed by hand ("+", "+9", "+99"), or a number of another country.
 */
type PhoneReading =
  { kind: 'uzbek'; national: string; whole: boolean } | { kind: 'code' } | { kind: 'foreign' }

/**
 * `+998 90 123 45 67`, `00998 90…`, `998901234567`, `901234567` and `90-123-45-67` are Uzbekistan numbers. Another
 * code after `+` or `00` (`+7 912…`, `+1…`, `+44…`) is another country's, and so is a number of ten digits or more
 * without 998 in front (`8 912 123-45-67`, Russian style): it is refused rather than read as Uzbek digits.
 */
function readPhone(text: string): PhoneReading {
  const trimmed = text.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) {
    const code = trimmed.startsWith('+') ? digits : digits.slice(2)
    if (code.startsWith(COUNTRY_CODE)) return { kind: 'uzbek', national: code.slice(3), whole: true }
    return COUNTRY_CODE.startsWith(code) ? { kind: 'code' } : { kind: 'foreign' }
  }
  if (digits.length <= NATIONAL_DIGITS)
    return { kind: 'uzbek', national: digits, whole: digits.length === NATIONAL_DIGITS }
  return digits.startsWith(COUNTRY_CODE)
    ? { kind: 'uzbek', national: digits.slice(3), whole: true }
    : { kind: 'foreign' }
}

/** "", "+", "+9", "+99", "+998" or "+998 ": no digit of the number itself yet. */
const holdsNoDigits = (value: string) => PHONE_PREFIX.startsWith(value)
const nationalOf = (value: string) => value.slice(PHONE_PREFIX.length).replace(/\D/g, '')
type ElementState = Parameters<MaskitoPreprocessor>[0]['elementState']
/** `data` typed or pasted as the first digits of the number, after the prefix. */
const fromStart = (data: string): { elementState: ElementState; data: string } => ({
  elementState: { value: PHONE_PREFIX, selection: [PHONE_PREFIX.length, PHONE_PREFIX.length] },
  data,
})

/**
 * The field's rules before Maskito fits a change to the mask. The prefix is part of the mask and comes with the first
 * digit, in the same input event (it used to be added on focus: digits typed right after focus could land before or
 * after it). `onRefused(text, kept)` hears of another country's number, which changes nothing; `kept` is the value
 * the field keeps.
 */
function phonePreprocessor(onRefused: (text: string, kept: string) => void): MaskitoPreprocessor {
  // Another country's code typed by hand ("+7"): what follows it is refused with it until the value changes.
  let typedAway: { text: string; kept: string } | null = null
  const refuse = (text: string, kept: ElementState) => {
    onRefused(text, kept.value)
    return { elementState: kept, data: '' }
  }

  return ({ elementState, data }, action) => {
    const { value, selection } = elementState
    const [from, to] = selection
    // The value as it is, with nothing selected: inserting nothing there changes nothing.
    const unchanged: ElementState = { value, selection: [to, to] }

    if (action === 'validation') {
      // Autofill, or a value set by script: a masked value stays; a raw number is read whole.
      if (value.startsWith(PHONE_PREFIX) || holdsNoDigits(value)) return { elementState, data }
      const reading = readPhone(value)
      if (reading.kind === 'foreign') return refuse(value, { value: '', selection: [0, 0] })
      if (reading.kind === 'code') return { elementState, data }
      const filled = PHONE_PREFIX + reading.national
      return { elementState: { value: filled, selection: [filled.length, filled.length] }, data }
    }
    const atEnd = from === to && to === value.length
    if (typedAway && !(action === 'insert' && atEnd && value === typedAway.kept && /^[\d\s()-]$/.test(data)))
      typedAway = null
    if (action !== 'insert') return { elementState, data }
    if (typedAway) {
      typedAway.text += data
      return refuse(typedAway.text, unchanged)
    }

    const replacesAll = from === 0 && to === value.length
    const empty = replacesAll || holdsNoDigits(value)
    if (data.length > 1) {
      // Paste, drop, autofill or a keyboard's suggestion.
      const reading = readPhone(data)
      if (reading.kind === 'foreign') return refuse(data, unchanged)
      if (reading.kind === 'code') return { elementState, data: data.replace(/[^\d+]/g, '') }
      if (reading.whole || empty) return fromStart(reading.national)
      return { elementState, data: reading.national }
    }

    if (empty && (replacesAll || atEnd)) {
      const typed = replacesAll ? '' : value
      // "+" starts a country code typed by hand, also over a lone prefix left after deleting the digits.
      if (data === '+') return { elementState: { value: '', selection: [0, 0] }, data }
      if (typed === '' && digit.test(data)) return fromStart(data)
      // "+7": another country's code.
      if (typed.length < COUNTRY_CODE.length + 1 && digit.test(data) && data !== PHONE_PREFIX[typed.length]) {
        typedAway = { text: typed + data, kept: value }
        return refuse(typedAway.text, unchanged)
      }
      return { elementState, data }
    }
    // "998…" typed reads as the number's first digits (99 8… is a number too) until a tenth digit shows that 998
    // was the country code.
    const national = nationalOf(value)
    if (atEnd && digit.test(data) && national.length === NATIONAL_DIGITS && national.startsWith(COUNTRY_CODE))
      return fromStart(national.slice(3) + data)
    return { elementState, data }
  }
}

const keepPrefix = maskitoPrefixPostprocessorGenerator(PHONE_PREFIX)

/**
 * The spec's phone mask, +998 ## ###-##-##: +998 is its fixed start, a pasted or autofilled Uzbekistan number is
 * accepted in any of its usual forms, and another country's number is refused (`onRefused`) rather than converted.
 */
export const phoneMaskOptions = (onRefused: (text: string, kept: string) => void): MaskitoOptions => ({
  mask: [
    '+',
    '9',
    '9',
    '8',
    ' ',
    digit,
    digit,
    ' ',
    digit,
    digit,
    digit,
    '-',
    digit,
    digit,
    '-',
    digit,
    digit,
  ],
  preprocessors: [phonePreprocessor(onRefused)],
  // Once there, the prefix stays while digits follow it; a code typed by hand ("+9") is not completed ahead of the
  // person, and with no digit left the prefix can be deleted too.
  postprocessors: [(state, initial) => (holdsNoDigits(state.value) ? state : keepPrefix(state, initial))],
  plugins: [
    // Leaving the field with no digit of the number empties it.
    maskitoEventHandler('blur', (element) => {
      if (element.value && holdsNoDigits(element.value)) maskitoUpdateElement(element, '')
    }),
    maskitoCaretGuard((value, [from, to]) => [from === to ? PHONE_PREFIX.length : 0, value.length]),
  ],
})

/** `+998 90 123-45-67` -> `998901234567`. */
export const phoneDigits = (masked: string) => masked.replace(/\D/g, '')
