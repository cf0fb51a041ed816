/**
 * npm run bench:pages — requests per second, p50 and p99 of public pages drawn on the server (decision 018) beside
 * a static file of the same build, on one server process at 50 connections, each request asking for brotli as a
 * browser does. A drawn page is kept for a minute, so after the first request a page costs its copy, its head and
 * its compression; the static file (compressed at build time) is the baseline.
 */
import { startBenchServer } from './bench-server.ts'
import { CONNECTIONS, DURATION_S, measure, printTable } from './measure.ts'

const server = await startBenchServer({ specialists: 50 })
const browser = { 'accept-encoding': 'gzip, deflate, br' }
const page = { accept: 'text/html,application/xhtml+xml', ...browser }
try {
  console.log(`public pages on ${server.database}; ${CONNECTIONS} connections, ${DURATION_S} s per call\n`)
  const rows = [
    await measure('static file (/manifest.webmanifest)', `${server.address}/manifest.webmanifest`, browser),
    await measure('GET / (home, drawn)', `${server.address}/`, page),
    await measure('GET /?lang=uz (home in Uzbek Cyrillic, drawn)', `${server.address}/?lang=uz`, page),
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
