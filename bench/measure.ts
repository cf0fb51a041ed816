import autocannon from 'autocannon'

export const CONNECTIONS = 50
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)

export type Measured = { title: string; rps: number; p50: number; p99: number; total: number }

/** A URL made anew for every request, shared by all connections: a run in which no two requests ask the same. */
export type UrlMaker = { origin: string; next: () => string }

/**
 * One autocannon run against one or several paths (taken in turn by each connection), or a new path for every
 * request (`UrlMaker`); any answer other than 2xx fails it.
 */
export async function measure(
  title: string,
  url: string | string[] | UrlMaker,
  headers: Record<string, string> = {},
  durationS = DURATION_S,
): Promise<Measured> {
  const pathOf = (each: string) => {
    const target = new URL(each)
    return `${target.pathname}${target.search}`
  }
  const made = typeof url === 'object' && !Array.isArray(url) ? url : undefined
  const urls = made ? [] : Array.isArray(url) ? url : [url as string]
  const result = await autocannon({
    title,
    url: made ? made.origin : new URL(urls[0]!).origin,
    headers,
    connections: CONNECTIONS,
    duration: durationS,
    requests: made
      ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(made.next()) }) }]
      : urls.map((each) => ({ method: 'GET', path: pathOf(each) })),
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
