import { formatNumber } from '#src/lib/format.ts'

const TIYIN_PER_SOM = 100

/** Tiyin as whole so'm grouped by thousands: 9 900 000 -> "99 000". */
export const formatSom = (tiyin: number) => formatNumber(Math.round(tiyin / TIYIN_PER_SOM))
