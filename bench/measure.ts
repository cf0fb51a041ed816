import autocannon from 'autocannon'

export const CONNECTIONS = 50
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)

export type Measured = { title: string; rps: number; p50: number; p99: number; total: number }

/** One autocannon run against one or several paths (taken in turn); any answer other than 2xx fails it. */
export async function measure(
  title: string,
  url: string | string[],
  headers: Record<string, string> = {},
): Promise<Measured> {
  const urls = Array.isArray(url) ? url : [url]
  const base = new URL(urls[0]!)
  const result = await autocannon({
    title,
    url: base.origin,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: urls.map((each) => {
      const target = new URL(each)
      return { method: 'GET', path: `${target.pathname}${target.search}` }
    }),
  })
  if (result.non2xx > 0) throw new Error(`${title}: ${result.non2xx} answers were not 2xx`)
  // NOTE: autocannon counts the requests still in flight when the time is up as errors (at most one per
  // connection); more than that would be real failures.
  if (result.errors > CONNECTIONS) throw new Error(`${title}: ${result.errors} requests failed`)
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  }
}

export function printTable(rows: Measured[]) {
  console.log(
    `${'route'.padEnd(44)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'requests'.padStart(9)}`,
  )
  for (const row of rows) {
    console.log(
      `${row.title.padEnd(44)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${String(row.total).padStart(9)}`,
    )
  }
}
