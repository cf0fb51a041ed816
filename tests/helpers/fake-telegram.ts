import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type BotApiCall = {
  token: string
  method: string
  payload: Record<string, unknown>
  /** The id of the message a `sendMessage` made. */
  messageId?: number
}

/**
 * A local Bot API server (https://core.telegram.org/bots/api): records every call, keeps the webhook `setWebhook`
 * set, and answers `sendMessage` with ok, or with what a test scripted (`refuseNext`: 403, 400 "chat not found",
 * 429 with `retry_after`), or with 429 past `messagesPerSecond` (the benchmark's Telegram limit).
 */
export async function startFakeBotApi({ messagesPerSecond }: { messagesPerSecond?: number } = {}) {
  const calls: BotApiCall[] = []
  // Telegram's broadcast limit (about 30 messages a second): past it, 429 with retry_after, as Telegram answers.
  const window = { second: 0, sent: 0 }
  const overLimit = () => {
    if (!messagesPerSecond) return false
    const second = Math.floor(Date.now() / 1000)
    if (second !== window.second) Object.assign(window, { second, sent: 0 })
    return ++window.sent > messagesPerSecond
  }
  const refusals: { error_code: number; description: string; parameters?: { retry_after: number } }[] = []
  let messageId = 0
  let webhookUrl = ''
  /** When each accepted message was accepted (ms since the epoch). */
  const accepted: number[] = []
  // Updates waiting for `getUpdates` (long polling), and the poll waiting for one.
  const updates: { update_id: number }[] = []
  let wake: (() => void) | undefined
  // Tests waiting for a call (`callMade`).
  const waiters = new Set<{ matches: (call: BotApiCall) => boolean; resolve: (call: BotApiCall) => void }>()
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const match = request.url?.match(/^\/bot([^/]+)\/(\w+)$/)
    const reply = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (!match) return reply({ ok: false, error_code: 404, description: 'Not Found' })
    const text = Buffer.concat(chunks).toString()
    const payload = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    const call: BotApiCall = { token: match[1]!, method: match[2]!, payload }
    calls.push(call)
    for (const waiter of [...waiters]) if (waiter.matches(call)) waiter.resolve(call)
    if (match[2] === 'setWebhook') {
      webhookUrl = String(payload.url)
      return reply({ ok: true, result: true })
    }
    if (match[2] === 'deleteWebhook') {
      webhookUrl = ''
      return reply({ ok: true, result: true })
    }
    if (match[2] === 'getUpdates') {
      const offset = Number(payload.offset ?? 0)
      const pending = () => updates.filter((update) => update.update_id >= offset)
      // Long polling, shortened: held until an update comes or a second passes.
      if (pending().length === 0)
        await new Promise<void>((resolve) => {
          wake = resolve
          setTimeout(resolve, 1000)
        })
      return reply({ ok: true, result: pending() })
    }
    if (match[2] === 'getWebhookInfo')
      return reply({
        ok: true,
        result: { url: webhookUrl, has_custom_certificate: false, pending_update_count: 0 },
      })
    const refusal = refusals.shift()
    if (refusal) return reply({ ok: false, ...refusal })
    if (match[2] === 'sendMessage' && overLimit())
      return reply({
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      })
    if (match[2] === 'sendMessage') accepted.push(Date.now())
    call.messageId = ++messageId
    return reply({
      ok: true,
      result: { message_id: call.messageId, date: 0, chat: { id: Number(payload.chat_id), type: 'private' } },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    accepted,
    /** The texts sent to a chat, in order. */
    textsTo: (chatId: number | string) =>
      calls
        .filter((call) => call.method === 'sendMessage' && String(call.payload.chat_id) === String(chatId))
        .map((call) => call.payload.text as string),
    /** An update for the bot to take with `getUpdates`. */
    pushUpdate(update: { update_id: number }) {
      updates.push(update)
      wake?.()
    },
    /**
     * The first call, made already or still to come, that `matches`: a test waits for what the bot did, however
     * long a loaded machine takes to do it (bounded by the test's own timeout), instead of polling on a clock.
     */
    callMade(matches: (call: BotApiCall) => boolean): Promise<BotApiCall> {
      const made = calls.find(matches)
      if (made) return Promise.resolve(made)
      return new Promise((resolve) => {
        const waiter = {
          matches,
          resolve: (call: BotApiCall) => {
            waiters.delete(waiter)
            resolve(call)
          },
        }
        waiters.add(waiter)
      })
    },
    refuseNext(refusal: (typeof refusals)[number]) {
      refusals.push(refusal)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export { signInitData } from '#server/modules/telegram/init-data.ts'
