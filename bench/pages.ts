/**
 * npm run bench:pages — requests per second, p50 and p99 of public pages answered with their own head (decision
 * 017) beside a static file of the same build, on one server process at 50 connections. The heads are kept for a
 * minute, so after the first request a page costs what the shell does; the static file is the baseline.
 */
import { startBenchServer } from './bench-server.ts'
import { CONNECTIONS, DURATION_S, measure, printTable } from './measure.ts'

const server = await startBenchServer({ specialists: 50 })
const page = { accept: 'text/html,application/xhtml+xml' }
try {
  console.log(`public pages on ${server.database}; ${CONNECTIONS} connections, ${DURATION_S} s per call\n`)
  const rows = [
    await measure('static file (/manifest.webmanifest)', `${server.address}/manifest.webmanifest`),
    await measure('GET / (home, with its head)', `${server.address}/`, page),
    await measure('GET /?lang=uz (home in Uzbek Cyrillic)', `${server.address}/?lang=uz`, page),
    await measure('GET /domashniy-personal/services', `${server.address}/domashniy-personal/services`, page),
    await measure(
      `GET /profile/{slug} (${server.sample!.slugs.length} profiles in turn)`,
      server.sample!.slugs.map((slug) => `${server.address}/profile/${slug}`),
      page,
    ),
    await measure('GET /account (private: the plain shell)', `${server.address}/account`, page),
  ]
  printTable(rows)
  const baseline = rows[0]!.rps
  console.log('\nshare of the static file’s requests per second:')
  for (const row of rows.slice(1))
    console.log(`  ${row.title.padEnd(44)} ${((row.rps / baseline) * 100).toFixed(0)} %`)
} finally {
  await server.stop()
}
