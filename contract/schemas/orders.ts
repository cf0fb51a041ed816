import * as v from 'valibot'
import { ListMetaSchema } from './catalogue.ts'

import { ORDER_PLACES, ORDER_STATUSES } from '../order-values.ts'

export { ORDER_PLACES, ORDER_STATUSES, type OrderPlace, type OrderStatus } from '../order-values.ts'
export const REPLY_MIN = 5
export const REVIEW_MIN = 10
export const TEXT_MAX = 5000
/** An order's name is 3 to 120 characters, its address at most 300 (forms show these limits). */
export const ORDER_NAME_MIN = 3
export const ORDER_NAME_MAX = 120
export const ADDRESS_MAX = 300

/** Money is a whole number of tiyin (1 so'm = 100 tiyin). */
const Money = v.pipe(
  v.number('invalid_request'),
  v.integer('invalid_request'),
  v.minValue(0, 'invalid_request'),
)
const Moment = v.pipe(v.string('invalid_request'), v.isoTimestamp('invalid_request'))
const optionalText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, 'invalid_request'))), null)

/** The spec's creation payload (services, name, address, lat, lng, is_online, at_customer, at_executor) and the rest. */
export const OrderBodySchema = v.pipe(
  v.object({
    services: v.pipe(
      v.array(v.pipe(v.number(), v.integer()), 'services_required'),
      v.minLength(1, 'services_required'),
      v.maxLength(10, 'invalid_request'),
    ),
    name: v.pipe(
      v.string('order_name_required'),
      v.trim(),
      v.minLength(ORDER_NAME_MIN, 'order_name_required'),
      v.maxLength(ORDER_NAME_MAX, 'invalid_request'),
    ),
    description: optionalText(TEXT_MAX),
    is_online: v.optional(v.boolean(), false),
    at_customer: v.optional(v.boolean(), false),
    at_executor: v.optional(v.boolean(), false),
    address: optionalText(ADDRESS_MAX),
    lat: v.optional(v.nullable(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))), null),
    lng: v.optional(v.nullable(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))), null),
    started_at: v.optional(v.nullable(Moment), null),
    ended_at: v.optional(v.nullable(Moment), null),
    price: v.optional(v.nullable(Money), null),
    price_min: v.optional(v.nullable(Money), null),
    price_max: v.optional(v.nullable(Money), null),
    wishes: optionalText(TEXT_MAX),
    /** The spec's payload carries it; the server always takes the caller instead. */
    customer_id: v.optional(v.unknown()),
    /** A direct order: sent to this one specialist, who accepts or declines it (docs/decisions/005). */
    executor_id: v.optional(v.nullable(v.pipe(v.number(), v.integer())), null),
  }),
  v.forward(
    v.check((order) => order.is_online || order.at_customer || order.at_executor, 'work_place_required'),
    ['is_online'],
  ),
  v.forward(
    v.check(
      (order) =>
        !order.started_at || !order.ended_at || new Date(order.ended_at) > new Date(order.started_at),
      'end_before_start',
    ),
    ['ended_at'],
  ),
  v.forward(
    v.check(
      (order) => order.price_min == null || order.price_max == null || order.price_max > order.price_min,
      'price_max_below_min',
    ),
    ['price_max'],
  ),
)
export type OrderBody = v.InferOutput<typeof OrderBodySchema>
/** What a client sends: the optional fields may be left out. */
export type OrderBodyInput = v.InferInput<typeof OrderBodySchema>

export const OrderSchema = v.object({
  id: v.number(),
  number: v.string(),
  status: v.picklist(ORDER_STATUSES),
  customer_id: v.number(),
  executor_id: v.nullable(v.number()),
  services: v.array(v.number()),
  name: v.string(),
  description: v.nullable(v.string()),
  is_online: v.boolean(),
  at_customer: v.boolean(),
  at_executor: v.boolean(),
  address: v.nullable(v.string()),
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  started_at: v.nullable(v.string()),
  ended_at: v.nullable(v.string()),
  price: v.nullable(v.number()),
  price_min: v.nullable(v.number()),
  price_max: v.nullable(v.number()),
  wishes: v.nullable(v.string()),
  photos: v.array(v.string()),
  views: v.number(),
  replies_count: v.number(),
  created_at: v.string(),
  /** Sent to one chosen specialist; seen only by its customer and that executor. */
  is_direct: v.boolean(),
})
export type Order = v.InferOutput<typeof OrderSchema>

export const OrderParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d+$/, 'not_found'), v.transform(Number)),
})

const Tiyin = v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'invalid_request'), v.transform(Number))
const Day = v.pipe(v.string(), v.isoDate('invalid_request'))

/**
 * The list's filters besides tab and service: a price range in tiyin that an order's price (or its min-max range)
 * overlaps (orders with no price are left out while one is set), the days `started_at` falls on (YYYY-MM-DD in
 * Tashkent's time, both included) and the work place.
 */
export const OrderFilterEntries = {
  price_from: v.optional(Tiyin),
  price_to: v.optional(Tiyin),
  date_from: v.optional(Day),
  date_to: v.optional(Day),
  place: v.optional(v.picklist(ORDER_PLACES, 'invalid_request')),
}

export const OrdersQuerySchema = v.object({
  tab: v.optional(v.picklist(ORDER_STATUSES, 'invalid_request'), 'open'),
  /** mine: the caller's own orders (customer) or those they replied to or were chosen for (executor). */
  scope: v.optional(v.picklist(['all', 'mine'], 'invalid_request'), 'all'),
  service: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'invalid_request'), v.transform(Number))),
  category: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'invalid_request'), v.transform(Number))),
  bbox: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.split(',').map(Number)),
      v.check((box) => box.length === 4 && box.every(Number.isFinite), 'invalid_request'),
    ),
  ),
  ...OrderFilterEntries,
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'invalid_request'),
      v.transform(Number),
      v.minValue(1, 'invalid_request'),
    ),
    '1',
  ),
  perPage: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'invalid_request'),
      v.transform(Number),
      v.minValue(1, 'invalid_request'),
      v.maxValue(100, 'invalid_request'),
    ),
    '10',
  ),
  /** With scope=mine: 1 only direct orders (sent or received), 0 none; without a tab every status but archive. */
  direct: v.optional(v.picklist(['0', '1'], 'invalid_request')),
})
export const OrdersResponseSchema = v.object({ collection: v.array(OrderSchema), meta: ListMetaSchema })

export const ReplyBodySchema = v.object({
  message: v.pipe(
    v.string('reply_too_short'),
    v.trim(),
    v.minLength(REPLY_MIN, 'reply_too_short'),
    v.maxLength(TEXT_MAX, 'invalid_request'),
  ),
})
export const ReplySchema = v.object({
  id: v.number(),
  order_id: v.number(),
  executor_id: v.number(),
  message: v.string(),
  created_at: v.string(),
  /** The executor's name and surname, as the customer sees them beside the reply. */
  executor_name: v.string(),
})
export const RepliesResponseSchema = v.object({ collection: v.array(ReplySchema) })

export const ORDER_ACTIONS = ['choose', 'accept', 'decline', 'complete', 'cancel', 'toggle-replies'] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]
export const OrderActionParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d+$/, 'not_found'), v.transform(Number)),
  action: v.picklist(ORDER_ACTIONS, 'not_found'),
})
export const OrderActionBodySchema = v.object({
  /** For `choose`: the executor who replied. */
  executor_id: v.optional(v.pipe(v.number(), v.integer())),
})

export const ReviewBodySchema = v.object({
  rating: v.pipe(
    v.number('rating_required'),
    v.integer('rating_required'),
    v.minValue(1, 'rating_required'),
    v.maxValue(5, 'rating_required'),
  ),
  comment: v.pipe(
    v.string('review_too_short'),
    v.trim(),
    v.minLength(REVIEW_MIN, 'review_too_short'),
    v.maxLength(TEXT_MAX, 'invalid_request'),
  ),
  service: v.optional(v.nullable(v.pipe(v.number(), v.integer())), null),
})
export const ReviewSchema = v.object({
  id: v.number(),
  order_id: v.number(),
  rating: v.number(),
  comment: v.string(),
  created_at: v.string(),
})

/** How many orders one cell of the map's grid shows before it stands for "this many or more". */
export const MAP_CELL_LIMIT = 12
/** The map's box is cut into GRID x GRID cells; each answers its orders or, when full, one area. */
export const MAP_GRID = 5

const Coordinate = (min: number, max: number) => v.pipe(v.number(), v.minValue(min), v.maxValue(max))
export const OrdersMapQuerySchema = v.object({
  bbox: v.pipe(
    v.string('invalid_request'),
    v.transform((value) => value.split(',').map(Number)),
    v.check(
      (box) =>
        box.length === 4 &&
        box.every(Number.isFinite) &&
        box[0]! < box[2]! &&
        box[1]! < box[3]! &&
        box[0]! >= -180 &&
        box[2]! <= 180 &&
        box[1]! >= -90 &&
        box[3]! <= 90,
      'invalid_request',
    ),
  ),
  service: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'invalid_request'), v.transform(Number))),
  category: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'invalid_request'), v.transform(Number))),
})
/** An open order as a map marker needs it. */
export const OrderMarkerSchema = v.object({
  id: v.number(),
  name: v.string(),
  lat: Coordinate(-90, 90),
  lng: Coordinate(-180, 180),
  price: v.nullable(v.number()),
  price_min: v.nullable(v.number()),
  price_max: v.nullable(v.number()),
})
export type OrderMarker = v.InferOutput<typeof OrderMarkerSchema>
/** A part of the box with at least `count` open orders, placed at their middle; zooming in shows them. */
export const OrderAreaSchema = v.object({ lat: v.number(), lng: v.number(), count: v.number() })
export type OrderArea = v.InferOutput<typeof OrderAreaSchema>
export const OrdersMapResponseSchema = v.object({
  collection: v.array(OrderMarkerSchema),
  areas: v.array(OrderAreaSchema),
})
export type OrdersMapResponse = v.InferOutput<typeof OrdersMapResponseSchema>
