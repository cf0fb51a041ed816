/**
 * Socket.IO clients for the benchmarks of the live connection (chat, realtime): thousands of sockets connected in
 * batches, each announced with `connect_user` as the web app does.
 */
import type { Agent } from 'node:http'
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '#contract/events.ts'

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>

const CONNECT_BATCH = 250

/** One socket to open: whose token, to which server, and how (the transports, a connection's settings). */
export type SocketTarget = { token: string; url: string; options: Partial<ManagerOptions & SocketOptions> }

/**
 * Connects in batches (a burst of thousands of handshakes measures the burst, not what the benchmark is after), each
 * socket with no reconnection (a dropped socket is counted, not hidden), and waits for each `connect_user` ack.
 * The clients come back in the order of `targets`.
 */
export async function connectAll(targets: SocketTarget[], agent: Agent) {
  const clients: Client[] = []
  for (let start = 0; start < targets.length; start += CONNECT_BATCH) {
    const batch = targets.slice(start, start + CONNECT_BATCH).map(({ token, url, options }) => {
      const client: Client = io(url, {
        path: SOCKET_PATH,
        ...options,
        auth: { token },
        forceNew: true,
        reconnection: false,
        agent: agent as never,
      })
      clients.push(client)
      return new Promise<void>((resolve, reject) => {
        client.once('connect_error', reject)
        client.once('connect', () =>
          client.emit('connect_user', { locale: 'ru' }, (ack) =>
            ack.ok ? resolve() : reject(new Error(ack.error)),
          ),
        )
      })
    })
    await Promise.all(batch)
  }
  return clients
}
