/**
 * npm run bench:scale [-- --orders N --specialists M] — issue 15's figures in one run, on one server: 1,000,000 orders,
 * 100,000 specialists and 10,000 services by default. p50/p99 and requests per second at 50 connections of the open
 * list (page 1, and page 500 reached by its cursor), a list in a box, the map, specialists filtered by service and
 * district, the service search, and `GET /profile` beside a bare route; then the size of the database and of every
 * table and index over 1 MB. With DATABASE_URL on PostgreSQL, else the embedded PGlite.
 */
import { endpoints } from '#contract/endpoints.ts'
import { openListCacheMs, startBenchServer } from './bench-server.ts'
import { CONNECTIONS, DURATION_S, measure, printTable, type Measured } from './measure.ts'
import { measureBoxes } from './boxes.ts'

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const ORDERS = arg('--orders', 1_000_000)
const SPECIALISTS = arg('--specialists', 100_000)
const SERVICES = 10_000
const SEEDED_SERVICES = 332
const DEEP_PAGE = 500

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** The cursor of page `page` of a list: its first pages' `meta.next_cursor`, followed one after another. */
async function cursorOfPage(url: string, page: number) {
  let cursor: string | null = null
  for (let at = 1; at < page; at++) {
    const next = new URL(url)
    if (cursor) next.searchParams.set('cursor', cursor)
    const answer = await fetch(next)
    if (!answer.ok) throw new Error(`${next.pathname} answered ${answer.status}`)
    cursor = ((await answer.json()) as { meta: { next_cursor?: string | null } }).meta.next_cursor ?? null
    if (!cursor) return undefined
  }
  return cursor ?? undefined
}

const started = Date.now()
const server = await startBenchServer({
  orders: ORDERS,
  specialists: SPECIALISTS,
  extraServices: SERVICES - SEEDED_SERVICES,
})
try {
  console.log(
    `${ORDERS} orders, ${SPECIALISTS} specialists, ${server.services} services on ${server.database} ` +
      `(seeded in ${((Date.now() - started) / 1000).toFixed(0)} s); ${CONNECTIONS} connections, ${DURATION_S} s per call; ` +
      `open list kept ${openListCacheMs()} ms (OPEN_LIST_CACHE_MS)\n`,
  )
  const base = server.address
  const rows: Measured[] = [await measure('bare Fastify route', `${base}/bench/bare`)]
  rows.push(
    await measure('GET /profile (with a token)', `${base}${endpoints.profile.path}`, {
      authorization: `Bearer ${server.token}`,
    }),
  )
  const openList = `${base}${endpoints.orders.path}?perPage=20`
  rows.push(await measure('GET /orders open, page 1', openList))
  const deep = await cursorOfPage(openList, DEEP_PAGE)
  if (deep)
    rows.push(await measure(`GET /orders open, page ${DEEP_PAGE} (cursor)`, `${openList}&cursor=${deep}`))
  else console.log(`(the open list has no page ${DEEP_PAGE} by cursor: not measured)`)
  rows.push(...(await measureBoxes(base)))
  const pairs = server.sample?.pairs ?? []
  if (pairs.length > 0)
    rows.push(
      await measure(
        `GET /executors?service&district (${pairs.length} pairs)`,
        pairs.map(
          ({ service, district }) =>
            `${base}${endpoints.executors.path}?service=${service}&district=${district}`,
        ),
      ),
    )
  const terms = ['электр', 'tozalash', 'тозалаш', 'repetitor', 'santex', 'юрист', 'cleaning', 'ремонт']
  rows.push(
    await measure(
      `GET /services?search= (${terms.length} terms, ${server.services} services)`,
      terms.map((term) => `${base}${endpoints.services.path}?search=${encodeURIComponent(term)}`),
    ),
  )
  printTable(rows)
  const bare = rows[0]!
  const profile = rows[1]!
  console.log(
    `\nGET /profile / bare: ${((profile.rps / bare.rps) * 100).toFixed(1)} % of the requests per second`,
  )

  const sizes = (await (await fetch(`${base}/bench/sizes`)).json()) as {
    database: number
    relations: { name: string; kind: string; bytes: number }[]
  }
  console.log(`\nDatabase ${mb(sizes.database)}; tables and indexes over 1 MB:`)
  for (const relation of sizes.relations.filter((each) => each.bytes > 1024 * 1024))
    console.log(`  ${relation.kind.padEnd(5)} ${relation.name.padEnd(44)} ${mb(relation.bytes).padStart(10)}`)
} finally {
  await server.stop()
}
