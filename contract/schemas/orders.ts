import * as v from 'valibot'
import {
  CursorQuerySchema,
  IdParamSchema,
  IdQuerySchema,
  IdValueSchema,
  MoneyQuerySchema,
  MoneyValueSchema,
  PageQuerySchema,
  perPageQuerySchema,
} from './bounds.ts'
import { ListMetaSchema, MAX_PER_PAGE } from './catalogue.ts'
import { ProgressStepSchema } from './progress.ts'

import { ORDER_PLACES, ORDER_STATUSES } from '../order-values.ts'

export { ORDER_PLACES, ORDER_STATUSES, type OrderPlace, type OrderStatus } from '../order-values.ts'
export const REPLY_MIN = 5
export const REVIEW_MIN = 10
export const TEXT_MAX = 5000
/** An order's name is 3 to 120 characters, its address at most 300 (forms show these limits). */
export const ORDER_NAME_MIN = 3
export const ORDER_NAME_MAX = 120
export const ADDRESS_MAX = 300
export const AREA_MAX = 120
/** A landmark near the door ("mo'ljal": next to school No. 5, blue gate), private like the address. */
export const LANDMARK_MAX = 200
export const ORDER_SERVICES_MAX = 10
/**
 * How many live orders (open, or awaiting a specialist) one customer may hold at once, unless the server's
 * OPEN_ORDERS_PER_CUSTOMER says otherwise: far more than a household has going, few enough that one account cannot
 * flood the lists and the map.
 */
export const OPEN_ORDERS_MAX = 20

const Moment = v.pipe(v.string('date_invalid'), v.isoTimestamp('date_invalid'))
const optionalText = (max: number, tooLong: 'text_max' | 'address_max' | 'area_max' | 'landmark_max') =>
  v.optional(v.nullable(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong))), null)
const Coordinate = (min: number, max: number) =>
  v.pipe(
    v.number('coordinates_invalid'),
    v.minValue(min, 'coordinates_invalid'),
    v.maxValue(max, 'coordinates_invalid'),
  )

/** The spec's creation payload (services, name, address, lat, lng, is_online, at_customer, at_executor) and the rest. */
export const OrderBodySchema = v.pipe(
  v.object({
    services: v.pipe(
      v.array(IdValueSchema, 'services_required'),
      v.minLength(1, 'services_required'),
      v.maxLength(ORDER_SERVICES_MAX, 'services_too_many'),
    ),
    name: v.pipe(
      v.string('order_name_required'),
      v.trim(),
      v.minLength(ORDER_NAME_MIN, 'order_name_required'),
      v.maxLength(ORDER_NAME_MAX, 'order_name_max'),
    ),
    description: optionalText(TEXT_MAX, 'text_max'),
    is_online: v.optional(v.boolean('invalid_request'), false),
    at_customer: v.optional(v.boolean('invalid_request'), false),
    at_executor: v.optional(v.boolean('invalid_request'), false),
    /** The district and city: anyone who may read the order sees it. */
    area: optionalText(AREA_MAX, 'area_max'),
    /** The district of `GET /districts` the work is in: specialists serving it hear of the order. */
    district_id: v.optional(v.nullable(IdValueSchema), null),
    /** Street, house and flat: only the customer, and the chosen specialist once they accept, see it. */
    address: optionalText(ADDRESS_MAX, 'address_max'),
    /** A landmark near the door (mo'ljal), up to 200 characters: as private as `address`. */
    landmark: optionalText(LANDMARK_MAX, 'landmark_max'),
    lat: v.optional(v.nullable(Coordinate(-90, 90)), null),
    lng: v.optional(v.nullable(Coordinate(-180, 180)), null),
    started_at: v.optional(v.nullable(Moment), null),
    ended_at: v.optional(v.nullable(Moment), null),
    price: v.optional(v.nullable(MoneyValueSchema), null),
    price_min: v.optional(v.nullable(MoneyValueSchema), null),
    price_max: v.optional(v.nullable(MoneyValueSchema), null),
    wishes: optionalText(TEXT_MAX, 'text_max'),
    /** The spec's payload carries it; the server always takes the caller instead. */
    customer_id: v.optional(v.unknown()),
    /** A direct order: sent to this one specialist, who accepts or declines it (docs/decisions/005). */
    executor_id: v.optional(v.nullable(IdValueSchema), null),
  }),
  // Each rule looks only at its own fields, so one request reports every broken rule at once.
  v.forward(
    v.partialCheck(
      [['is_online'], ['at_customer'], ['at_executor']],
      (order) => order.is_online || order.at_customer || order.at_executor,
      'work_place_required',
    ),
    ['is_online'],
  ),
  v.forward(
    v.partialCheck(
      [['started_at'], ['ended_at']],
      (order) =>
        !order.started_at || !order.ended_at || new Date(order.ended_at) > new Date(order.started_at),
      'end_before_start',
    ),
    ['ended_at'],
  ),
  v.forward(
    v.partialCheck(
      [['price_min'], ['price_max']],
      (order) => order.price_min == null || order.price_max == null || order.price_max > order.price_min,
      'price_max_below_min',
    ),
    ['price_max'],
  ),
)
export type OrderBody = v.InferOutput<typeof OrderBodySchema>
/** What a client sends: the optional fields may be left out. */
export type OrderBodyInput = v.InferInput<typeof OrderBodySchema>

export const OrderContactSchema = v.object({
  id: v.number(),
  role: v.picklist(['customer', 'executor']),
  name: v.string(),
  surname: v.string(),
  /** 12 digits, 998XXXXXXXXX. */
  phone: v.string(),
  /** The public profile's slug (`/profile/{slug}`), for a specialist. */
  slug: v.nullable(v.string()),
})
export type OrderContact = v.InferOutput<typeof OrderContactSchema>

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
  /** District and city: public wherever the order is. */
  area: v.nullable(v.string()),
  /** The district (`GET /districts`) the work is in, public like the area. */
  district_id: v.nullable(v.number()),
  /** Street, house, flat: null unless the caller is the customer or the specialist who accepted the order. */
  address: v.nullable(v.string()),
  /** The landmark near the door: null exactly when `address` is hidden (the same people see both). */
  landmark: v.nullable(v.string()),
  /** The exact pin for those who see the address; for anyone else a point rounded to about a kilometre. */
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  /** Whether `address`, `lat` and `lng` are the exact ones (false: hidden address and a rounded pin). */
  location_exact: v.boolean(),
  /** The other party, once the chosen specialist accepted: the customer for the specialist, the specialist for the customer. */
  contact: v.nullable(OrderContactSchema),
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
  /**
   * The accepted specialist's steps of the day (on my way, arrived, done), oldest first: only in the one order's
   * answer (`GET /orders/{id}`) to its customer and its accepted specialist; absent from lists and for anyone else.
   */
  progress: v.optional(v.array(ProgressStepSchema)),
})
export type Order = v.InferOutput<typeof OrderSchema>

export const OrderParamsSchema = v.object({ id: IdParamSchema })

const Day = v.pipe(v.string(), v.isoDate('date_invalid'))

/** A map box, `minLng,minLat,maxLng,maxLat`, inside the world's coordinates. */
const BboxSchema = v.pipe(
  v.string('bbox_invalid'),
  v.maxLength(200, 'bbox_invalid'),
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
    'bbox_invalid',
  ),
)

/**
 * The list's filters besides tab and service: a price range in tiyin that an order's price (or its min-max range)
 * overlaps (orders with no price are left out while one is set), the days `started_at` falls on (YYYY-MM-DD in
 * Tashkent's time, both included) and the work place.
 */
export const OrderFilterEntries = {
  price_from: v.optional(MoneyQuerySchema),
  price_to: v.optional(MoneyQuerySchema),
  date_from: v.optional(Day),
  date_to: v.optional(Day),
  place: v.optional(v.picklist(ORDER_PLACES, 'invalid_request')),
}

export const OrdersQuerySchema = v.object({
  tab: v.optional(v.picklist(ORDER_STATUSES, 'invalid_request'), 'open'),
  /** mine: the caller's own orders (customer) or those they replied to or were chosen for (executor). */
  scope: v.optional(v.picklist(['all', 'mine'], 'invalid_request'), 'all'),
  service: v.optional(IdQuerySchema),
  category: v.optional(IdQuerySchema),
  bbox: v.optional(BboxSchema),
  ...OrderFilterEntries,
  /** Pages by number up to MAX_NUMBERED_PAGE; past the first pages a client follows `meta.next_cursor`. */
  page: PageQuerySchema,
  perPage: perPageQuerySchema(MAX_PER_PAGE),
  cursor: CursorQuerySchema,
  /** With scope=mine: 1 only direct orders (sent or received), 0 none; without a tab every status but archive. */
  direct: v.optional(v.picklist(['0', '1'], 'invalid_request')),
})
/**
 * A page of a list that pages by keyset: `next_cursor` asks for the rows after this page's last one (null: none
 * left). `total` counts up to a cap (10,000 for "10,000 or more").
 */
export const CursorListMetaSchema = v.object({
  ...ListMetaSchema.entries,
  next_cursor: v.nullable(v.string()),
})
export const OrdersResponseSchema = v.object({ collection: v.array(OrderSchema), meta: CursorListMetaSchema })

export const ReplyBodySchema = v.object({
  message: v.pipe(
    v.string('reply_too_short'),
    v.trim(),
    v.minLength(REPLY_MIN, 'reply_too_short'),
    v.maxLength(TEXT_MAX, 'text_max'),
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
  /** Their public profile's address part (`/profile/{slug}`), their rating (0-5) and count of reviews. */
  executor_slug: v.string(),
  executor_rating: v.number(),
  executor_reviews_count: v.number(),
  /** The moderators checked their identity documents: the "Verified" badge beside the name. */
  executor_verified: v.boolean(),
})
export const RepliesResponseSchema = v.object({ collection: v.array(ReplySchema) })

export const ORDER_ACTIONS = ['choose', 'accept', 'decline', 'complete', 'cancel', 'toggle-replies'] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]
export const OrderActionParamsSchema = v.object({
  id: IdParamSchema,
  action: v.picklist(ORDER_ACTIONS, 'not_found'),
})
export const OrderActionBodySchema = v.object({
  /** For `choose`: the executor who replied. */
  executor_id: v.optional(IdValueSchema),
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
    v.maxLength(TEXT_MAX, 'text_max'),
  ),
  service: v.optional(v.nullable(IdValueSchema), null),
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
/**
 * How many orders a cell of at most 0.01° each way shows. The map places orders at their public point, rounded to
 * 0.01°, so such a cell holds one point whose orders no zoom parts: they come as markers (the map clusters and lists
 * them) up to this many, and only past it as "this many or more".
 */
export const MAP_POINT_LIMIT = 2 * MAP_CELL_LIMIT
/** The map's box is cut into GRID x GRID cells; each answers its orders or, when full, one area. */
export const MAP_GRID = 5

export const OrdersMapQuerySchema = v.object({
  bbox: BboxSchema,
  service: v.optional(IdQuerySchema),
  category: v.optional(IdQuerySchema),
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
/**
 * A part of the box with at least `count` open orders, placed at the middle of their public (rounded) points;
 * zooming in shows them.
 */
export const OrderAreaSchema = v.object({ lat: v.number(), lng: v.number(), count: v.number() })
export type OrderArea = v.InferOutput<typeof OrderAreaSchema>
export const OrdersMapResponseSchema = v.object({
  collection: v.array(OrderMarkerSchema),
  areas: v.array(OrderAreaSchema),
})
export type OrdersMapResponse = v.InferOutput<typeof OrdersMapResponseSchema>
