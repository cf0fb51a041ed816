import { maskitoParseNumber } from '@maskito/kit'
import * as v from 'valibot'
import {
  ADDRESS_MAX,
  AREA_MAX,
  LANDMARK_MAX,
  ORDER_NAME_MAX,
  ORDER_NAME_MIN,
  TEXT_MAX,
  type OrderBodyInput,
} from '#contract/schemas/orders.ts'
import { isPriceTooHigh } from '#src/lib/price-bounds.ts'
import { tashkentInstant } from '#src/lib/tashkent-entry.ts'

export const PRICE_MODES = ['single', 'range', 'upto'] as const
export type PriceMode = (typeof PRICE_MODES)[number]

/**
 * The work-place form as the customer types it: text as typed, money in so'm with spaces, the date and times as
 * Tashkent's clock reads them.
 */
export type OrderForm = {
  name: string
  atCustomer: boolean
  atExecutor: boolean
  isOnline: boolean
  /** District and city: everyone who reads the order sees them. */
  area: string
  /** The district (`GET /districts`): specialists who work there hear of the order at once. */
  districtId: number | null
  /** Street, house, flat: only the chosen specialist sees them, once they accept. */
  address: string
  /** A landmark near the door (mo'ljal): as private as the address. */
  landmark: string
  lat: number | null
  lng: number | null
  /** yyyy-mm-dd in the customer's time zone, or empty. */
  date: string
  /** HH:MM, or empty. */
  startTime: string
  endTime: string
  priceMode: PriceMode
  price: string
  priceMin: string
  priceMax: string
  wishes: string
}

export const emptyOrderForm = (name = ''): OrderForm => ({
  name,
  atCustomer: false,
  atExecutor: false,
  isOnline: false,
  area: '',
  districtId: null,
  address: '',
  landmark: '',
  lat: null,
  lng: null,
  date: '',
  startTime: '',
  endTime: '',
  priceMode: 'single',
  price: '',
  priceMin: '',
  priceMax: '',
  wishes: '',
})

/** A draft saved by an older version of the form may lack newer fields: they start empty. */
export const restoredOrderForm = (saved: Record<string, unknown>): OrderForm => ({
  ...emptyOrderForm(),
  ...(saved as Partial<OrderForm>),
})

export const THOUSAND_SEPARATOR = ' '
const TIYIN_PER_SOUM = 100

/** "1 250 000" so'm as typed -> 125 000 000 tiyin; empty -> null. */
export function soumToTiyin(typed: string): number | null {
  if (!typed.trim()) return null
  const soum = maskitoParseNumber(typed, { thousandSeparator: THOUSAND_SEPARATOR })
  return Number.isFinite(soum) ? Math.round(soum * TIYIN_PER_SOUM) : null
}

/** A date and time typed as Tashkent time, as the instant the API stores; null unless both are given. */
export function instantOf(date: string, time: string): string | null {
  if (!date || !time) return null
  return tashkentInstant(date, time)?.toISOString() ?? null
}

/** The prices the chosen mode sends: one value, a range, or only an upper bound. */
export function pricesOf(form: Pick<OrderForm, 'priceMode' | 'price' | 'priceMin' | 'priceMax'>) {
  if (form.priceMode === 'single') return { price: soumToTiyin(form.price), price_min: null, price_max: null }
  if (form.priceMode === 'range')
    return { price: null, price_min: soumToTiyin(form.priceMin), price_max: soumToTiyin(form.priceMax) }
  return { price: null, price_min: null, price_max: soumToTiyin(form.priceMax) }
}

const trimmedOrNull = (text: string) => text.trim() || null

/** The publish payload (contract/schemas/orders.ts) of a filled form and the chosen services. */
export function orderBodyOf(form: OrderForm, services: number[]): OrderBodyInput {
  return {
    services,
    name: form.name.trim(),
    description: null,
    at_customer: form.atCustomer,
    at_executor: form.atExecutor,
    is_online: form.isOnline,
    area: trimmedOrNull(form.area),
    district_id: form.districtId,
    address: trimmedOrNull(form.address),
    landmark: trimmedOrNull(form.landmark),
    lat: form.lat,
    lng: form.lng,
    started_at: instantOf(form.date, form.startTime),
    ended_at: instantOf(form.date, form.endTime),
    ...pricesOf(form),
    wishes: trimmedOrNull(form.wishes),
  }
}

/** A price as typed: past the server's bound it is refused with words, not changed into the bound. */
const priceText = v.pipe(
  v.string(),
  v.check((typed) => !isPriceTooHigh(soumToTiyin(typed)), 'price_invalid'),
)

/**
 * The spec's rules (section 5) with the server's message keys, checked before anything is sent; the server checks
 * them again. `now` is read at validation time, so a start that was fine a minute ago can become late.
 */
export const orderFormSchema = (now: () => Date = () => new Date()) =>
  v.pipe(
    v.object({
      name: v.pipe(
        v.string(),
        v.trim(),
        v.minLength(ORDER_NAME_MIN, 'order_name_required'),
        v.maxLength(ORDER_NAME_MAX, 'text_too_long'),
      ),
      atCustomer: v.boolean(),
      atExecutor: v.boolean(),
      isOnline: v.boolean(),
      area: v.pipe(v.string(), v.maxLength(AREA_MAX, 'text_too_long')),
      districtId: v.nullable(v.number()),
      address: v.pipe(v.string(), v.maxLength(ADDRESS_MAX, 'text_too_long')),
      landmark: v.pipe(v.string(), v.maxLength(LANDMARK_MAX, 'text_too_long')),
      lat: v.nullable(v.number()),
      lng: v.nullable(v.number()),
      date: v.string(),
      startTime: v.string(),
      endTime: v.string(),
      priceMode: v.picklist(PRICE_MODES),
      price: priceText,
      priceMin: priceText,
      priceMax: priceText,
      wishes: v.pipe(v.string(), v.maxLength(TEXT_MAX, 'text_too_long')),
    }),
    v.forward(
      v.check((form) => form.atCustomer || form.atExecutor || form.isOnline, 'work_place_required'),
      ['isOnline'],
    ),
    // A specialist deciding whether to reply needs to know where, before the address is theirs to see.
    v.forward(
      v.check(
        (form) =>
          !(form.atCustomer || form.atExecutor) || form.area.trim() !== '' || form.districtId !== null,
        'area_required',
      ),
      ['area'],
    ),
    v.forward(
      v.check((form) => !form.date || Boolean(form.startTime), 'date_time_required'),
      ['startTime'],
    ),
    v.forward(
      v.check((form) => Boolean(form.date) || (!form.startTime && !form.endTime), 'date_time_required'),
      ['date'],
    ),
    v.forward(
      v.check((form) => {
        const start = instantOf(form.date, form.startTime)
        return !start || new Date(start) > now()
      }, 'start_in_past'),
      ['startTime'],
    ),
    v.forward(
      v.check((form) => {
        const start = instantOf(form.date, form.startTime)
        const end = instantOf(form.date, form.endTime)
        return !start || !end || new Date(end) > new Date(start)
      }, 'end_before_start'),
      ['endTime'],
    ),
    v.forward(
      v.check((form) => {
        if (form.priceMode !== 'range') return true
        const min = soumToTiyin(form.priceMin)
        const max = soumToTiyin(form.priceMax)
        return min === null || max === null || max > min
      }, 'price_max_below_min'),
      ['priceMax'],
    ),
  )

/** Where each server field error belongs in this form. */
export const SERVER_FIELDS: Record<string, keyof OrderForm> = {
  name: 'name',
  is_online: 'isOnline',
  at_customer: 'isOnline',
  at_executor: 'isOnline',
  area: 'area',
  district_id: 'districtId',
  address: 'address',
  landmark: 'landmark',
  started_at: 'startTime',
  ended_at: 'endTime',
  price: 'price',
  price_min: 'priceMin',
  price_max: 'priceMax',
  wishes: 'wishes',
  lat: 'address',
  lng: 'address',
}
