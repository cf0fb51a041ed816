import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAP_STEPS, stepAtLeast } from '#contract/map-grid.ts'
import { MAP_CELL_LIMIT, MAP_GRID, MAP_POINT_LIMIT } from '#contract/schemas/orders.ts'
import { gridOf } from '#server/modules/orders/grid.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * Whoever reads the map or a list in a box learns where an order is to its public point (rounded to 0.01°) and no
 * closer (docs/decisions/008): not from a crowd's middle with orders of their own planted beside it, not from which
 * small box shows it. The attacker here writes their orders by SQL (an account per cell would do the same through the
 * API) and reads as anyone does.
 */
const t = useTestApp({ catalogue: true })

type Point = { lat: number; lng: number }
type MapAnswer = { collection: (Point & { id: number })[]; areas: (Point & { count: number })[] }

// Its public point (41.30, 69.28) is about 530 m away: an answer within 100 m can only come from the exact pin.
const PIN: Point = { lat: 41.30444, lng: 69.27777 }
const PUBLIC_POINT: Point = { lat: 41.3, lng: 69.28 }
const NEAR_M = 100

const metresBetween = (a: Point, b: Point) => {
  const north = (a.lat - b.lat) * 111_320
  const east = (a.lng - b.lng) * 111_320 * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180)
  return Math.hypot(north, east)
}

async function electricsId() {
  const response = await t.call('GET', '/categories/mastera-po-remontu/restnew/elektrika', null)
  return response.json<{ id: number }>().id
}

/** The victim's open order at its exact pin, published as anyone publishes. */
async function victimOrder() {
  const { token } = await register(t, { type: 'customer' })
  const response = await t.call(
    'POST',
    '/orders',
    { token },
    { services: [await electricsId()], name: 'Починить проводку', at_customer: true, ...PIN },
  )
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ id: number }>().id
}

async function attacker() {
  const { token } = await register(t, { type: 'customer' })
  return (await t.call('GET', '/profile', { token })).json<{ id: number }>().id
}

const plant = async (customerId: number, count: number, at: Point) =>
  t.db.db.execute(sql`
    insert into orders (status, customer_id, services, name, at_customer, lat, lng, created_at, updated_at)
    select 'open', ${customerId}::int, array[${await electricsId()}::int], 'Приманка ' || g, true,
           ${at.lat}::float8, ${at.lng}::float8, now(), now()
    from generate_series(1, ${count}::int) as g`)

const clear = (customerId: number) =>
  t.db.db.execute(sql`delete from orders where customer_id = ${customerId}::int`)

type Box = { minLng: number; minLat: number; maxLng: number; maxLat: number }
const bboxOf = (box: Box) => [box.minLng, box.minLat, box.maxLng, box.maxLat].join(',')
const holds = (box: Box, point: Point) =>
  box.minLat <= point.lat && point.lat <= box.maxLat && box.minLng <= point.lng && point.lng <= box.maxLng

// Far under a cell, far over the rounding of a line computed as index times step.
const ON_LINE = 1e-6
/** The part of the world the grid's cells that cover `box` make up (their lines included): all a map of it reads. */
function coveringCells(box: Box): Box {
  const { stepX, stepY, cells } = gridOf([box.minLng, box.minLat, box.maxLng, box.maxLat])
  const xs = cells.map((cell) => cell.x)
  const ys = cells.map((cell) => cell.y)
  return {
    minLng: Math.min(...xs) * stepX - ON_LINE,
    minLat: Math.min(...ys) * stepY - ON_LINE,
    maxLng: (Math.max(...xs) + 1) * stepX + ON_LINE,
    maxLat: (Math.max(...ys) + 1) * stepY + ON_LINE,
  }
}

/**
 * A box around the pin for every step of the grid the API cuts boxes along: a little under MAP_GRID steps each way,
 * within the world (so the coarsest steps are 90° by 45°).
 */
function boxesOfEveryStep() {
  const boxes = new Map<string, { stepX: number; stepY: number; bbox: string }>()
  for (const step of MAP_STEPS) {
    const [spanX, spanY] = [Math.min(step * MAP_GRID * 0.999, 360), Math.min(step * MAP_GRID * 0.999, 180)]
    const [stepX, stepY] = [stepAtLeast(spanX, MAP_GRID), stepAtLeast(spanY, MAP_GRID)]
    const minLng = Math.min(Math.max(PIN.lng - spanX / 2, -180), 180 - spanX)
    const minLat = Math.min(Math.max(PIN.lat - spanY / 2, -90), 90 - spanY)
    const bbox = bboxOf({ minLng, minLat, maxLng: minLng + spanX, maxLat: minLat + spanY })
    boxes.set(`${stepX}|${stepY}`, { stepX, stepY, bbox })
  }
  return [...boxes.values()]
}

/**
 * Where an answer puts orders, and where an attacker who planted `planted` orders at `middle` works the others out to
 * be: an area of n at avg holds the planted ones and n − k others, whose middle is (n·avg − k·middle) / (n − k).
 */
function inferredPoints(answer: MapAnswer, planted: number, middle: Point): Point[] {
  const points: Point[] = [...answer.collection, ...answer.areas]
  for (const area of answer.areas) {
    const mine = Math.min(planted, area.count - 1)
    const others = area.count - mine
    points.push({
      lat: (area.count * area.lat - mine * middle.lat) / others,
      lng: (area.count * area.lng - mine * middle.lng) / others,
    })
  }
  return points
}

describe('the exact pin of an order on the map and in boxes', () => {
  it('cannot be worked out from the areas and markers at any zoom, with orders planted to fill its cell', async () => {
    expect(metresBetween(PIN, PUBLIC_POINT)).toBeGreaterThan(5 * NEAR_M)
    await victimOrder()
    const customer = await attacker()
    const steps = boxesOfEveryStep()
    expect(steps.length).toBeGreaterThanOrEqual(MAP_STEPS.length - 1)
    const leaks: string[] = []
    for (const { stepX, stepY, bbox } of steps) {
      // The middle of the cell the pin is in, at this step: the orders nearest it fill the cell.
      const middle = {
        lat: (Math.floor(PIN.lat / stepY) + 0.5) * stepY,
        lng: (Math.floor(PIN.lng / stepX) + 0.5) * stepX,
      }
      // Enough to fill the cell with the victim's order, for either limit a cell may have.
      for (const planted of [MAP_CELL_LIMIT - 1, MAP_POINT_LIMIT - 1]) {
        await plant(customer, planted, middle)
        const response = await t.call('GET', `/orders/map?bbox=${bbox}`, null)
        expect(response.statusCode, response.body).toBe(200)
        for (const point of inferredPoints(response.json<MapAnswer>(), planted, middle)) {
          const metres = metresBetween(point, PIN)
          if (metres < NEAR_M) leaks.push(`${stepX}° x ${stepY}°, ${planted} planted: ${metres.toFixed(1)} m`)
        }
        await clear(customer)
      }
    }
    expect(leaks).toEqual([])
  })

  it('shows an order in a box only where its public point is, however small the box', async () => {
    const victim = await victimOrder()
    /** Whether the map and the list of `box` show the order, and whether its public point is where they looked. */
    const look = async (box: Box) => {
      const bbox = bboxOf(box)
      const map = (await t.call('GET', `/orders/map?bbox=${bbox}`, null)).json<MapAnswer>()
      const list = (await t.call('GET', `/orders?bbox=${bbox}`, null)).json<{
        collection: { id: number }[]
        meta: { total: number }
      }>()
      return {
        bbox,
        onMap: map.collection.some((marker) => marker.id === victim) || map.areas.length > 0,
        inList: list.collection.some((order) => order.id === victim) || list.meta.total > 0,
        // The map reads the cells of the grid that cover the box, a little beyond its edges.
        publicPointInCells: holds(coveringCells(box), PUBLIC_POINT),
        publicPointInBox: holds(box, PUBLIC_POINT),
      }
    }
    const expectNoMoreThanThePublicPoint = (seen: Awaited<ReturnType<typeof look>>) => {
      expect(seen.inList, seen.bbox).toBe(seen.publicPointInBox)
      if (seen.onMap) expect(seen.publicPointInCells, seen.bbox).toBe(true)
    }
    // Boxes of the finest steps around the pin, which leave the public point out.
    for (const halfSpan of [0.0002, 0.0005, 0.001, 0.002, 0.004]) {
      const box = {
        minLng: PIN.lng - halfSpan,
        minLat: PIN.lat - halfSpan,
        maxLng: PIN.lng + halfSpan,
        maxLat: PIN.lat + halfSpan,
      }
      const seen = await look(box)
      expect(seen.publicPointInBox).toBe(false)
      expectNoMoreThanThePublicPoint(seen)
    }
    // Small boxes swept over the place (their edges clear of the public point's lines).
    for (let lat = 41.2905; lat < 41.32; lat += 0.003)
      for (let lng = 69.2655; lng < 69.295; lng += 0.003)
        expectNoMoreThanThePublicPoint(
          await look({ minLng: lng, minLat: lat, maxLng: lng + 0.003, maxLat: lat + 0.003 }),
        )
    // A small box around the public point shows the order there, on the map and in the list.
    const around = { minLng: 69.2798, minLat: 41.2998, maxLng: 69.2802, maxLat: 41.3002 }
    const map = (await t.call('GET', `/orders/map?bbox=${bboxOf(around)}`, null)).json<MapAnswer>()
    expect(map.collection).toEqual([expect.objectContaining({ id: victim, ...PUBLIC_POINT })])
    expect(await look(around)).toMatchObject({ onMap: true, inList: true })
    // So does a box that ends on the public point's lines, as the web map's round boxes do.
    const endingThere = { minLng: 69.275, minLat: 41.295, maxLng: 69.28, maxLat: 41.3 }
    expect(await look(endingThere)).toMatchObject({ onMap: true, inList: true })
  })
})
