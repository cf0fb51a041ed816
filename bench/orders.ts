/**
 * npm run bench:orders [-- --orders N] — p50/p99 of the open-orders list (page 1, and page 500 reached by its cursor),
 * of the list in a bounding box and of the map's bounding-box query (GET /orders/map) at 50 connections, after
 * seeding N orders (1,000,000 by default); then the size of the database, of the orders table and of each index.
 */
import { endpoints } from '#contract/endpoints.ts'
import { startBenchServer } from './bench-server.ts'
import { CONNECTIONS, DURATION_S, measure, printTable } from './measure.ts'
import { measureBoxes } from './boxes.ts'

const index = process.argv.indexOf('--orders')
const count = index > 0 ? Number(process.argv[index + 1]) : 1_000_000
const started = Date.now()
const server = await startBenchServer({ orders: count })
try {
  console.log(
    `${count} orders on ${server.database} (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s); ${CONNECTIONS} connections, ${DURATION_S} s per call\n`,
  )
  const list = await measure('GET /orders (open, first page)', `${server.address}${endpoints.orders.path}`)
  const deep = await deepPageUrl(`${server.address}${endpoints.orders.path}`, 500)
  const page500 = await measure('GET /orders (open, page 500 by cursor)', deep)
  printTable([list, page500, ...(await measureBoxes(server.address))])
  await printSizes(server.address)
} finally {
  await server.stop()
}

/** The URL of page `page` of a list: its cursor, followed from the first page as a reader scrolling would. */
async function deepPageUrl(listUrl: string, page: number) {
  let url = listUrl
  for (let reached = 1; reached < page; reached++) {
    const answer = (await (await fetch(url)).json()) as { meta: { next_cursor?: string | null } }
    const cursor = answer.meta.next_cursor
    if (!cursor) throw new Error(`the list ends before page ${page} (or gives no cursor)`)
    url = `${listUrl}?cursor=${cursor}`
  }
  return url
}

async function printSizes(address: string) {
  type Sizes = { database: number; relations: { name: string; kind: string; table: string; bytes: number }[] }
  const sizes = (await (await fetch(`${address}/bench/sizes`)).json()) as Sizes
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  console.log(`\ndatabase ${mb(sizes.database)}; the orders table and its indexes:`)
  for (const relation of sizes.relations.filter((each) => each.table === 'orders')) {
    console.log(`  ${relation.kind.padEnd(5)} ${relation.name.padEnd(36)} ${mb(relation.bytes).padStart(10)}`)
  }
}
