/**
 * npm run bench:api — requests per second and p99 latency of GET /profile with a valid token, beside a bare
 * Fastify route served by the same process, and their ratio. autocannon, 50 connections, 10 s each, one run.
 */
import { endpoints } from '#contract/endpoints.ts'
import { startBenchServer } from './bench-server.ts'
import { measure, printTable } from './measure.ts'

const server = await startBenchServer()
try {
  console.log(`Server on ${server.database}; 50 connections, 10 s per route\n`)
  const bare = await measure('bare Fastify route', `${server.address}/bench/bare`)
  const profile = await measure('GET /profile', `${server.address}${endpoints.profile.path}`, {
    authorization: `Bearer ${server.token}`,
  })
  printTable([bare, profile])
  console.log(
    `\nGET /profile / bare: ${((profile.rps / bare.rps) * 100).toFixed(1)} % of the requests per second, ` +
      `p99 ${(profile.p99 / Math.max(bare.p99, 1)).toFixed(1)}x`,
  )
} finally {
  await server.stop()
}
