/** Uzbekistan keeps UTC+5 all year (no summer time), so its days are a fixed shift of UTC's. */
export const TASHKENT_OFFSET_MS = 5 * 3600 * 1000
export const DAY_MS = 24 * 3600 * 1000

/** The calendar day in Tashkent at a moment, YYYY-MM-DD. */
export const tashkentDay = (at: Date) =>
  new Date(at.getTime() + TASHKENT_OFFSET_MS).toISOString().slice(0, 10)
