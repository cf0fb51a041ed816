import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type EskizSent = { mobile_phone: string; message: string; from: string; token: string }

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  if (body.length === 0) return {}
  const form = await new Response(body, {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData()
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]))
}

/**
 * A local HTTP server that answers like Eskiz.uz: login for a token, token refresh, and sending, with 401 for a
 * token it no longer accepts. Tests expire tokens, refuse refreshes or break sending to see how the adapter copes.
 */
export async function startFakeEskiz(credentials = { email: 'ops@fika.uz', password: 'eskiz-secret' }) {
  const state = {
    valid: new Set<string>(),
    issued: 0,
    logins: 0,
    refreshes: 0,
    refuseRefresh: false,
    failSending: false,
    /** Takes the SMS (it counts as received) and never answers: the sender's process dies waiting. */
    holdSending: false,
    sent: [] as EskizSent[],
  }
  const issue = () => {
    const token = `token-${++state.issued}`
    state.valid.add(token)
    return token
  }
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? ''
    const form = await formOf(request)
    if (request.method === 'POST' && request.url === '/api/auth/login') {
      state.logins++
      if (form.email !== credentials.email || form.password !== credentials.password)
        return reply(401, { message: 'Unauthorized' })
      return reply(200, { message: 'token_generated', data: { token: issue() }, token_type: 'bearer' })
    }
    if (request.method === 'PATCH' && request.url === '/api/auth/refresh') {
      state.refreshes++
      if (state.refuseRefresh) return reply(401, { message: 'Unauthorized' })
      state.valid.delete(bearer)
      return reply(200, { message: 'token_generated', data: { token: issue() }, token_type: 'bearer' })
    }
    if (request.method === 'POST' && request.url === '/api/message/sms/send') {
      if (!state.valid.has(bearer)) return reply(401, { message: 'Expired' })
      if (state.failSending) return reply(500, { message: 'Internal error' })
      state.sent.push({
        mobile_phone: form.mobile_phone!,
        message: form.message!,
        from: form.from!,
        token: bearer,
      })
      if (state.holdSending) return
      return reply(200, {
        id: `msg-${state.sent.length}`,
        message: 'Waiting for SMS provider',
        status: 'waiting',
      })
    }
    reply(404, { message: 'Not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    state,
    baseUrl: `http://127.0.0.1:${port}/api`,
    credentials,
    expireAllTokens: () => state.valid.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type FakeEskiz = Awaited<ReturnType<typeof startFakeEskiz>>
