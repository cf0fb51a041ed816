/**
 * npm run bench:orders [-- --orders N] — p50/p99 of the open-orders list, of the list in a bounding box and of the
 * map's bounding-box query (GET /orders/map) at 50 connections, after seeding N orders (1,000,000 by default).
 */
import { endpoints } from '#contract/endpoints.ts'
import { startBenchServer } from './bench-server.ts'
import { CONNECTIONS, DURATION_S, measure, printTable } from './measure.ts'

const index = process.argv.indexOf('--orders')
const count = index > 0 ? Number(process.argv[index + 1]) : 1_000_000
const started = Date.now()
const server = await startBenchServer({ orders: count })
try {
  console.log(
    `${count} orders on ${server.database} (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s); ${CONNECTIONS} connections, ${DURATION_S} s per call\n`,
  )
  const list = await measure('GET /orders (open, first page)', `${server.address}${endpoints.orders.path}`)
  // Boxes around Tashkent's districts, as a phone's map would ask while panning.
  const boxes = [
    '69.20,41.27,69.26,41.32',
    '69.25,41.29,69.31,41.34',
    '69.28,41.30,69.34,41.35',
    '66.93,39.62,66.99,39.68',
  ]
  const listInBox = await measure(
    'GET /orders?bbox= (list, 4 boxes in turn)',
    boxes.map((box) => `${server.address}${endpoints.orders.path}?bbox=${box}&perPage=100`),
  )
  // What the map screen asks: markers and crowded areas, no count, through the GiST index on open orders.
  const map = await measure(
    'GET /orders/map?bbox= (map, 4 boxes in turn)',
    boxes.map((box) => `${server.address}${endpoints.ordersMap.path}?bbox=${box}`),
  )
  printTable([list, listInBox, map])
} finally {
  await server.stop()
}
