/**
 * npm run bench:multipart — the server process's memory (RSS) before and during ten parallel multipart requests
 * of 200 MB each (200 fields of 1 MB, streamed without a length): first as a guest to an upload (`/profile/avatar`),
 * then to a public form (`/sms/send`). Prints the baseline and the peak of each; every request is bounded in time.
 */
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { endpoints } from '#contract/endpoints.ts'
import { startBenchServer } from './bench-server.ts'

const PARALLEL = 10
const FIELDS = 200
const FIELD_BYTES = 1024 * 1024
const REQUEST_LIMIT_MS = 60_000
const BOUNDARY = 'bench-multipart'

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return line ? Number(line[1]) / 1024 : Number.NaN
}

/** One request that streams FIELDS fields of FIELD_BYTES; answers its status and how many bytes went out. */
function send(url: URL): Promise<{ status: number | string; sentMb: number }> {
  return new Promise((resolve) => {
    let sent = 0
    let settled = false
    const done = (status: number | string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      resolve({ status, sentMb: sent / 1024 / 1024 })
    }
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    })
    const timer = setTimeout(() => done('timeout'), REQUEST_LIMIT_MS)
    req.on('response', (response) => {
      response.resume()
      response.on('end', () => done(response.statusCode ?? 0))
    })
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'))
    const value = Buffer.alloc(FIELD_BYTES, 'a')
    let field = 0
    const writeMore = () => {
      while (field < FIELDS && !settled) {
        const part = Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${field++}"\r\n\r\n`),
          value,
          Buffer.from('\r\n'),
        ])
        sent += part.length
        if (!req.write(part)) return void req.once('drain', writeMore)
      }
      if (!settled) req.end(`--${BOUNDARY}--\r\n`)
    }
    writeMore()
  })
}

async function scenario(label: string, url: URL, pid: number) {
  const before = rssMb(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50)
  const results = await Promise.all(Array.from({ length: PARALLEL }, () => send(url)))
  clearInterval(sampler)
  peak = Math.max(peak, rssMb(pid))
  const statuses = [...new Set(results.map((result) => result.status))].join(', ')
  const sent = results.reduce((sum, result) => sum + result.sentMb, 0)
  console.log(
    `${label.padEnd(34)} RSS before ${before.toFixed(0).padStart(5)} MB, peak ${peak.toFixed(0).padStart(5)} MB ` +
      `(+${(peak - before).toFixed(0)} MB); answers: ${statuses}; ${sent.toFixed(0)} MB sent of ${PARALLEL * 200}`,
  )
}

const server = await startBenchServer()
try {
  console.log(
    `Server on ${server.database}, pid ${server.pid}; ${PARALLEL} parallel requests of 200 MB each\n`,
  )
  // The process settles after its start (migrations, seeds, JIT) before the baseline is read.
  await new Promise((resolve) => setTimeout(resolve, 3000))
  await scenario(
    'guest upload to /profile/avatar',
    new URL(`${server.address}${endpoints.uploadAvatar.path}`),
    server.pid,
  )
  await scenario(
    'public form to /sms/send',
    new URL(`${server.address}${endpoints.smsSend.path}`),
    server.pid,
  )
} finally {
  await server.stop()
}
