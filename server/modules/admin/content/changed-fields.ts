import type { Localized } from '#server/db/schema/catalogue.ts'

const LANGUAGES = ['ru', 'en', 'oz', 'uz'] as const

/**
 * What a save changed, as the audit log keeps it: the fields and languages (`title.ru, body.en`), never the texts
 * themselves, which may be long and are the site's own anyway.
 */
export function changedTexts(before: Record<string, Localized>, after: Record<string, Localized>): string[] {
  return Object.keys(after).flatMap((field) =>
    LANGUAGES.filter((language) => before[field]?.[language] !== after[field]?.[language]).map(
      (language) => `${field}.${language}`,
    ),
  )
}

/** The audit row's reason: the list of changes, or that a save changed nothing. */
export const describeChanges = (changes: string[]) => (changes.length > 0 ? changes.join(', ') : 'no change')
