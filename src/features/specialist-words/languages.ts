/**
 * The languages a specialist may say they speak, by ISO 639 code, in one place: the profile editor offers them
 * and the profile names them in the reader's language. Their names are in this feature's catalog, which the
 * profile editor loads with its own (src/features/profile-editor/catalog.ts).
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
