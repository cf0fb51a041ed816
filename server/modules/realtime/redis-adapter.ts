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
  // ioredis reconnects by itself and reports every failed attempt; one report per outage is enough.
  let down = false
  client.on('error', (error) => {
    if (!down) onError(error)
    down = true
  })
  client.on('ready', () => (down = false))
  return {
    adapter: createAdapter(client, { streamName, channelPrefix: streamName }),
    async close() {
      await client.quit().catch(() => client.disconnect())
    },
  }
}
