import type { ReactElement } from 'react'

/*
 * Text people write (titles of works and documents, names, order names, searches) is a value of a message, never
 * part of its template, and Lingui must not read it either. It does read values: `<Trans>` puts string values into
 * the translation and then parses the result for tags, so a certificate "<i>courses</i>" lost its words and logged
 * "Can't use element at index 'i'" for each button; `t` and `<Trans>` both decode `\x41` and `\u0041` anywhere in
 * the result, so "C:\x41" became "C:A".
 */

const MARK = /\uE000(\d+)\uE001/g

/**
 * User text as a value of a `<Trans>` message: `<Trans>Edit “{userText(item.title)}”</Trans>` (the message stays
 * `Edit “{0}”`) or, for a named placeholder, `const title = userText(item.title)` then `{title}`. Lingui gives an
 * element value a placeholder of its own (`<0/>`) and leaves its text to React.
 */
export function userText(text: string): ReactElement {
  return <>{text}</>
}

/**
 * A translated string (a label, an alt text, a dialog's title) with user text among its values:
 * `withUserText((text) => t\`Delete “${text(item.title)}”?\`)`, or `${{ name: text(name) }}` for a named placeholder.
 * The message is formatted with marks in place of the texts, which are put in afterwards.
 */
export function withUserText(format: (text: (value: string) => string) => string): string {
  const texts: string[] = []
  const marked = format((value) => `\uE000${texts.push(value) - 1}\uE001`)
  return marked.replace(MARK, (_, index: string) => texts[Number(index)] ?? '')
}
