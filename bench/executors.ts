/**
 * npm run bench:executors [-- --specialists N] — p50/p99 and requests per second at 50 connections of the
 * specialists list filtered by service and district (four pairs in turn), of the same list sorted by price, and of
 * the public profile read (twenty profiles in turn), beside a bare route, after seeding N specialists (100,000 by
 * default, with generate_series). With DATABASE_URL on PostgreSQL.
 */
import { endpoints } from '#contract/endpoints.ts'
import { startBenchServer } from './bench-server.ts'
import { CONNECTIONS, DURATION_S, measure, printTable, type Measured } from './measure.ts'

const index = process.argv.indexOf('--specialists')
const count = index > 0 ? Number(process.argv[index + 1]) : 100_000
const started = Date.now()
const server = await startBenchServer({ specialists: count })
try {
  const { pairs, slugs } = server.sample!
  console.log(
    `${count} specialists on ${server.database} (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s); ` +
      `${CONNECTIONS} connections, ${DURATION_S} s per call\n`,
  )
  const executors = pairs.map(
    ({ service, district }) =>
      `${server.address}${endpoints.executors.path}?service=${service}&district=${district}`,
  )
  const profiles = slugs.map(
    (slug) => `${server.address}${endpoints.publicProfile.path.replace('{slug}', slug)}`,
  )
  // The endpoints come with issue 10's API: a build without them says so instead of measuring 404s.
  const missing: string[] = []
  for (const url of [executors[0]!, profiles[0]!]) {
    const answer = await fetch(url)
    if (answer.status !== 200) missing.push(`${new URL(url).pathname} answered ${answer.status}`)
  }
  const rows: Measured[] = [await measure('bare Fastify route', `${server.address}/bench/bare`)]
  if (missing.length === 0) {
    rows.push(
      await measure(`GET /executors?service&district (${executors.length} pairs)`, executors),
      await measure(
        'GET /executors?service&district&sort=price',
        executors.map((url) => `${url}&sort=price`),
      ),
      await measure(`GET /myprofile/{slug} (${profiles.length} profiles)`, profiles),
    )
  }
  printTable(rows)
  if (missing.length > 0) {
    console.error(`\nNot measured: ${missing.join('; ')}`)
    process.exitCode = 1
  }
} finally {
  await server.stop()
}
