// An order's body as the customer sent it, checked (start, services, district) and made into the row's fields.
import type { OrderBody } from '#contract/schemas/orders.ts'
import { fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import type { OrdersRepository } from './repository.ts'

export function createOrderFields(
  repo: Pick<OrdersRepository, 'existingServices' | 'categoryOfService'>,
  clock: Clock,
  districts: Pick<DistrictsRepository, 'exists'>,
) {
  return async function checkedFields(body: OrderBody) {
    const now = clock.now()
    if (body.started_at && new Date(body.started_at) <= now) throw fieldError('started_at', 'start_in_past')
    const known = await repo.existingServices(body.services)
    if (known.length !== new Set(body.services).size) throw fieldError('services', 'services_required')
    if (body.district_id !== null && !(await districts.exists(body.district_id))) {
      throw fieldError('district_id', 'district_invalid')
    }
    return {
      services: body.services,
      categoryId: (await repo.categoryOfService(body.services[0]!)) ?? null,
      name: body.name,
      description: body.description,
      isOnline: body.is_online,
      atCustomer: body.at_customer,
      atExecutor: body.at_executor,
      area: body.area,
      districtId: body.district_id,
      address: body.address,
      landmark: body.landmark,
      lat: body.lat,
      lng: body.lng,
      startedAt: body.started_at ? new Date(body.started_at) : null,
      endedAt: body.ended_at ? new Date(body.ended_at) : null,
      price: body.price,
      priceMin: body.price_min,
      priceMax: body.price_max,
      wishes: body.wishes,
      updatedAt: now,
    }
  }
}
export type CheckedFields = ReturnType<typeof createOrderFields>
