// The checks the lists' addresses share (/orders, /executors). Only route options import them at run time, and
// every route's options load with the first screen: hence plain checks, not valibot, and one copy of each.

/** A value of a fixed list, else nothing. */
export const oneOf = <T extends string>(values: readonly T[], value: unknown) =>
  values.includes(value as T) ? (value as T) : undefined

/** A whole number from 0 to 10^12 (an id, or a price in so'm), else nothing. */
export const wholeNumber = (value: unknown) => {
  const number = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN
  return value !== '' && Number.isInteger(number) && number >= 0 && number <= 1e12 ? number : undefined
}

/** The largest id the API takes (PostgreSQL `integer`, contract/schemas/bounds.ts MAX_ID). */
const MAX_ID = 2_147_483_647

/** An id (1 to the largest `integer`), else nothing: the API refuses any other with a 400. */
export const idNumber = (value: unknown) => {
  const number = wholeNumber(value)
  return number !== undefined && number >= 1 && number <= MAX_ID ? number : undefined
}
