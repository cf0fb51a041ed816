import { createAdapter } from '@socket.io/redis-streams-adapter'
import { Redis } from 'ioredis'

export type RedisAdapterOptions = {
  url: string
  /** The Redis stream (and PUB/SUB prefix) the processes share; tests give each run its own. */
  streamName?: string
  onError: (error: unknown) => void
}

/**
 * The socket.io adapter that joins several server processes: an emit to a room on one reaches that room's
 * sockets on all of them. Redis Streams (not the PUB/SUB adapter) because it keeps connection-state recovery
 * working across processes and resumes after Redis restarts. It takes an ioredis client as well as a `redis` one.
 */
export function createRedisAdapter({ url, streamName = 'socket.io', onError }: RedisAdapterOptions) {
  const client = new Redis(url, { maxRetriesPerRequest: 3 })
  let closing = false
  // ioredis reconnects by itself and reports every failed attempt; one report per outage is enough.
  let down = false
  const report = (error: unknown) => {
    if (!down && !closing) onError(error)
    down = true
  }
  client.on('error', report)
  client.on('ready', () => (down = false))
  catchForgottenCommands(client, report)
  return {
    adapter: createAdapter(client, { streamName, channelPrefix: streamName }),
    async close() {
      closing = true
      await client.quit().catch(() => client.disconnect())
    },
  }
}

/** The commands the adapter sends without waiting for their answer, on its client and on the copies it makes. */
const FORGOTTEN_COMMANDS = ['subscribe', 'ssubscribe', 'publish', 'spublish', 'set'] as const

/**
 * The adapter (0.3.1) sends SUBSCRIBE on its listening copy, and PUBLISH and SET, without handling their failure.
 * A connection that closes under one (the app closing right after it started, or Redis going away) would fail it
 * as an unhandled rejection, which stops the whole process. Here each such failure is reported instead, unless
 * the connection was closed on purpose; a caller that does wait for the command still sees it fail.
 */
function catchForgottenCommands(client: Redis, report: (error: unknown) => void) {
  const commands = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  for (const name of FORGOTTEN_COMMANDS) {
    const send = commands[name]!.bind(client)
    commands[name] = (...args) => {
      const answer = send(...args)
      // A connection closed on purpose (ioredis gives up on none by itself) fails its queue; that is no outage.
      answer.catch((error: unknown) => client.status !== 'end' && report(error))
      return answer
    }
  }
  const duplicate = client.duplicate.bind(client)
  client.duplicate = (override) => {
    const copy = duplicate(override)
    catchForgottenCommands(copy, report)
    return copy
  }
}
