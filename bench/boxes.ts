import { endpoints } from '#contract/endpoints.ts'
import { boxAround, type Box } from '#src/features/orders-list/map-box.ts'
import { measure, type UrlMaker } from './measure.ts'

/** Boxes around Tashkent's districts and Samarkand's centre, about a phone's map at city zoom. */
export const BOXES: Box[] = [
  [69.2, 41.27, 69.26, 41.32],
  [69.25, 41.29, 69.31, 41.34],
  [69.28, 41.3, 69.34, 41.35],
  [66.93, 39.62, 66.99, 39.68],
]

// A fixed sequence, so that two runs ask the same boxes: mulberry32, in 32-bit integer steps (an LCG computed in
// doubles loses bits and falls into a cycle of a few thousand, which asked the "new" boxes again every second).
function* numbers(seed: number) {
  let state = seed >>> 0
  for (;;) {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), state | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    yield ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32
  }
}

/**
 * Views of the map as phones show them around the four places: each moved by up to a sixth of its size and of its
 * own width and height (screens differ), then widened to the box the web app asks for (`boxAround`).
 */
export function phoneViews(count: number): Box[] {
  const random = numbers(15)
  const shifted = (value: number, span: number) => value + (random.next().value! - 0.5) * (span / 3)
  return Array.from({ length: count }, (_, index) => {
    const [west, south, east, north] = BOXES[index % BOXES.length]!
    const [width, height] = [east - west, north - south]
    const [x, y] = [shifted(west, width), shifted(south, height)]
    return boxAround([x, y, shifted(x + width, width), shifted(y + height, height)])
  })
}

/** A box never asked before for every request: city-sized boxes anywhere over the seeded orders of Tashkent, to the metre. */
export function newBoxEveryRequest(origin: string, path: (box: string) => string): UrlMaker {
  const random = numbers(7)
  const between = (from: number, span: number) => from + random.next().value! * span
  return {
    origin,
    next: () => {
      const [west, south] = [between(69.2, 0.1), between(41.25, 0.07)]
      const box = [west, south, west + between(0.05, 0.02), south + between(0.04, 0.02)]
      return path(box.map((value) => value.toFixed(5)).join(','))
    },
  }
}

const boxParam = (box: Box) => box.join(',')
const ordersInBox = (origin: string) => (box: string) =>
  `${origin}${endpoints.orders.path}?bbox=${box}&perPage=100`
const mapOfBox = (origin: string) => (box: string) => `${origin}${endpoints.ordersMap.path}?bbox=${box}`

/** Seconds of boxes never asked before, not measured, before the measured ones: the city's cells read once. */
const WARM_UP_S = 3

/**
 * A box never asked before on every request, measured once the grid's cells of the place have been read by
 * WARM_UP_S seconds of other new boxes: what a server that has been up for a while answers (its first seconds read
 * every cell from the database).
 */
async function measureNewBoxes(title: string, origin: string, path: (box: string) => string) {
  const boxes = newBoxEveryRequest(origin, path)
  await measure(`${title}, warming up`, boxes, {}, WARM_UP_S)
  return measure(title, boxes)
}

/**
 * The list in a box and the map, each three ways: the four boxes in turn (what one busy place asks), views as
 * phones around those places ask for them (the map's own client widens each view to its grid), and a box never
 * asked before on every request, which no whole answer kept helps, only the grid's cells (`measureNewBoxes`).
 */
export async function measureBoxes(origin: string) {
  const views = [...new Set(phoneViews(200).map(boxParam))]
  return [
    await measure('GET /orders?bbox= (list, 4 boxes in turn)', BOXES.map(boxParam).map(ordersInBox(origin))),
    await measure(`GET /orders?bbox= (list, ${views.length} phone boxes)`, views.map(ordersInBox(origin))),
    await measureNewBoxes('GET /orders?bbox= (list, every box new)', origin, ordersInBox(origin)),
    await measure('GET /orders/map?bbox= (4 boxes in turn)', BOXES.map(boxParam).map(mapOfBox(origin))),
    await measure(`GET /orders/map?bbox= (${views.length} phone boxes)`, views.map(mapOfBox(origin))),
    await measureNewBoxes('GET /orders/map?bbox= (every box new)', origin, mapOfBox(origin)),
  ]
}
