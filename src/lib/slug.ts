/** What a catalogue slug looks like (`domashniy-personal`, `ielts`); anything else cannot name a category. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const isSlug = (value: string) => SLUG_PATTERN.test(value)
