import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ deps: { realtime: false } })

/** A raw connection to the app, and everything it is answered until the server closes it. */
async function rawConnection(port: number) {
  const socket: Socket = connect({ port, host: '127.0.0.1' })
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)))
  return { socket, ended }
}

describe('a closing app', () => {
  it('answers a request arriving on an open connection 503 not_ready with Connection: close, and finishes the running one', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as { port: number }
    const body = JSON.stringify({ username: '998900000000', password: 'whatever-1', type: 'customer' })

    // A login whose body is half sent keeps the server running; another connection has begun its request.
    const running = await rawConnection(port)
    running.socket.write(
      `POST ${endpoints.login.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    )
    const late = await rawConnection(port)
    late.socket.write(`GET ${endpoints.healthLive.path} HTTP/1.1\r\nHost: x\r\n`)
    // An answer on a third connection, sent after both: the server has read what the first two sent before it.
    const after = await fetch(`http://127.0.0.1:${port}${endpoints.healthLive.path}`, {
      headers: { connection: 'close' },
    })
    expect(after.status).toBe(200)

    const closed = t.app.close()
    late.socket.write('Accept-Language: en\r\n\r\n')
    const lateAnswer = await late.ended
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 503 /)
    expect(lateAnswer.toLowerCase()).toContain('connection: close')
    expect(lateAnswer).toContain('"code":"not_ready"')

    running.socket.write(body.slice(10))
    const runningAnswer = await running.ended
    // Wrong credentials: the login ran to its end on the closing server and answered as it always does.
    expect(runningAnswer).toMatch(/^HTTP\/1\.1 400 /)
    expect(runningAnswer).toContain('"code":"wrong_credentials"')
    await closed
  })
})
