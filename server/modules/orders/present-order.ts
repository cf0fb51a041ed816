// How an order is shown: the contract's Order, with the exact place only for those who may see it.
import type { Order, OrderContact } from '#contract/schemas/orders.ts'
import type { OrderRow } from './order-rows.ts'
import { roundToArea, seesExactPlace } from './privacy.ts'

const iso = (date: Date | null) => date?.toISOString() ?? null

/** The order as `callerId` may see it (docs/decisions/008-input-bounds-and-privacy.md). */
export function presentOrder(row: OrderRow, callerId?: number, contact: OrderContact | null = null): Order {
  const exact = seesExactPlace(row, callerId)
  return {
    id: row.id,
    number: String(row.id).padStart(6, '0'),
    status: row.status,
    customer_id: row.customerId,
    executor_id: row.executorId,
    services: row.services,
    name: row.name,
    description: row.description,
    is_online: row.isOnline,
    at_customer: row.atCustomer,
    at_executor: row.atExecutor,
    area: row.area,
    district_id: row.districtId,
    address: exact ? row.address : null,
    landmark: exact ? row.landmark : null,
    lat: exact ? row.lat : roundToArea(row.lat),
    lng: exact ? row.lng : roundToArea(row.lng),
    location_exact: exact,
    contact,
    started_at: iso(row.startedAt),
    ended_at: iso(row.endedAt),
    price: row.price,
    price_min: row.priceMin,
    price_max: row.priceMax,
    wishes: row.wishes,
    photos: row.photos,
    views: row.views,
    replies_count: row.repliesCount,
    created_at: row.createdAt.toISOString(),
    is_direct: row.isDirect,
  }
}
