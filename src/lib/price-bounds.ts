import { MAX_MONEY_TIYIN } from '#contract/schemas/bounds.ts'

/** The largest price in so'm the server takes (contract/schemas/bounds.ts MoneyValueSchema): ten billion. */
export const PRICE_MAX_SOUM = MAX_MONEY_TIYIN / 100

/**
 * How far a price mask lets digits through: far past PRICE_MAX_SOUM, so a price above the server's bound stays as
 * it was typed and is refused with words, instead of being quietly changed into the bound by the mask. Its tiyin
 * are still exact JavaScript integers.
 */
export const PRICE_MASK_MAX_SOUM = 9_999_999_999_999

/** Whether a typed amount in tiyin is past what the server takes. */
export const isPriceTooHigh = (tiyin: number | null) => tiyin !== null && tiyin > MAX_MONEY_TIYIN
