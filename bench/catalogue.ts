/**
 * npm run bench:catalogue [-- --services N] — p50/p99 of the service search and of the home page's category call
 * at 50 connections, on a catalogue of N services (10,000 by default: the seed plus generated ones).
 */
import { endpoints } from '#contract/endpoints.ts'
import { startBenchServer } from './bench-server.ts'
import { CONNECTIONS, DURATION_S, measure, printTable } from './measure.ts'

const SEEDED = 332
const index = process.argv.indexOf('--services')
const target = index > 0 ? Number(process.argv[index + 1]) : 10_000
const server = await startBenchServer({ extraServices: Math.max(0, target - SEEDED) })
// What people type: Russian, both Uzbek scripts, English, a prefix and a typo.
const TERMS = [
  'электр',
  'tozalash',
  'тозалаш',
  'repetitor',
  'ielts',
  'santex',
  'elektrk',
  'юрист',
  'cleaning',
  'ремонт',
]
try {
  console.log(
    `${server.services} services on ${server.database}; ${CONNECTIONS} connections, ${DURATION_S} s per call\n`,
  )
  const search = await measure(
    'GET /services?search= (10 terms in turn)',
    TERMS.map(
      (term) =>
        `${server.address}${endpoints.services.path}?search=${encodeURIComponent(term)}&with=category&count=children`,
    ),
  )
  const categories = await measure(
    'GET /categories?with=image,priority_services&count=services',
    `${server.address}${endpoints.categories.path}?with=image,priority_services&count=services`,
  )
  printTable([search, categories])
} finally {
  await server.stop()
}
