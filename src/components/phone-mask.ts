import type { MaskitoOptions } from '@maskito/core'
import {
  maskitoAddOnFocusPlugin,
  maskitoCaretGuard,
  maskitoPrefixPostprocessorGenerator,
  maskitoRemoveOnBlurPlugin,
} from '@maskito/kit'

export const PHONE_PREFIX = '+998 '
/** +998 ## ###-##-## is 17 characters, the spec's minimum for a complete number. */
export const PHONE_MASK_LENGTH = 17

const digit = /\d/

/** The spec's phone mask, with +998 kept in place and a pasted or autofilled full number accepted. */
export const phoneMaskOptions: MaskitoOptions = {
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
  preprocessors: [
    ({ elementState, data }) => {
      // Autofill and paste bring "+998901234567" or "998 90 123 45 67": keep the nine national digits.
      const digits = data.replace(/\D/g, '')
      const national = digits.length >= 12 && digits.startsWith('998') ? digits.slice(3) : digits
      return { elementState, data: data.length > 1 ? national : data }
    },
  ],
  postprocessors: [maskitoPrefixPostprocessorGenerator(PHONE_PREFIX)],
  plugins: [
    maskitoAddOnFocusPlugin(PHONE_PREFIX),
    maskitoRemoveOnBlurPlugin(PHONE_PREFIX),
    maskitoCaretGuard((value, [from, to]) => [from === to ? PHONE_PREFIX.length : 0, value.length]),
  ],
}

/** `+998 90 123-45-67` -> `998901234567`. */
export const phoneDigits = (masked: string) => masked.replace(/\D/g, '')
