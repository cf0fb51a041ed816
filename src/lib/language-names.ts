/**
 * The languages a specialist may say they speak, by ISO 639 code, in one place: the profile editor offers them
 * and the profile names them in the reader's language. Their names load with every feature's catalog
 * (lingui.config.ts, LATER_WORDS), so both screens find them.
 */
import { msg } from '@lingui/core/macro'

export const LANGUAGE_NAMES = {
  uz: msg`Uzbek`,
  ru: msg`Russian`,
  en: msg`English`,
  kaa: msg`Karakalpak`,
  tg: msg`Tajik`,
  kk: msg`Kazakh`,
  tr: msg`Turkish`,
  ko: msg`Korean`,
  de: msg`German`,
  zh: msg`Chinese`,
} as const
