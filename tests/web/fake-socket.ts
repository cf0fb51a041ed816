import { vi } from 'vitest'

type Handler = (...args: unknown[]) => void
type Options = { path?: string; autoConnect?: boolean; auth?: (send: (data: object) => void) => void }

/**
 * socket.io-client's Socket as the app uses it, driven by the test: `accept`, `refuse` and `serverEmit` play the
 * server's part. tests/web/setup.ts puts it in place of socket.io-client for every component test, so no test
 * opens a real connection.
 */
export class FakeSocket {
  readonly options: Options
  connected = false
  /** Like socket.io: true from connect() until a refusal or disconnect(); reconnection would run meanwhile. */
  active = false
  /** socket.io's connection state recovery: whether the last reconnection got the missed events replayed. */
  recovered = false
  readonly emitted: {
    event: string
    payload: unknown
    ack?: Handler
    /** For emitWithAck: what a timeout (no answer) would do. */
    fail?: (error: Error) => void
    timeoutMs?: number
  }[] = []
  /** What each connection attempt sent as `auth`. */
  readonly handshakes: Record<string, unknown>[] = []
  readonly connect = vi.fn(() => {
    this.active = true
    // socket.io asks for `auth` as it opens the connection.
    this.handshakes.push(this.handshakeAuth())
    return this
  })
  readonly disconnect = vi.fn(() => {
    const was = this.connected
    this.active = false
    this.connected = false
    if (was) this.fire('disconnect', 'io client disconnect')
    return this
  })
  private readonly handlers = new Map<string, Handler[]>()

  constructor(options: Options) {
    this.options = options
  }

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
    return this
  }

  off(event: string, handler?: Handler) {
    const kept = handler ? (this.handlers.get(event) ?? []).filter((known) => known !== handler) : []
    this.handlers.set(event, kept)
    return this
  }

  emit(event: string, payload: unknown, ack?: Handler) {
    this.emitted.push({ event, payload, ack })
    return this
  }

  /** `socket.timeout(ms).emitWithAck(…)`: the emit's `ack` resolves it (the test answers for the server). */
  readonly timeout = vi.fn((ms: number) => ({
    emitWithAck: (event: string, payload: unknown) =>
      new Promise<unknown>((resolve, reject) => {
        const entry = { event, payload, ack: resolve as Handler, timeoutMs: ms, fail: reject }
        this.emitted.push(entry)
      }),
  }))

  /** What the handshake sends as `auth` now. */
  handshakeAuth(): Record<string, unknown> {
    let sent: Record<string, unknown> = {}
    this.options.auth?.((data) => (sent = data as Record<string, unknown>))
    return sent
  }

  accept() {
    this.connected = true
    this.fire('connect')
  }

  /** The server's middleware said no: socket.io gives up (no reconnection) and reports the reason. */
  refuse(message: string) {
    this.active = false
    this.fire('connect_error', new Error(message))
  }

  serverEmit(event: string, payload: unknown) {
    this.fire(event, payload)
  }

  /** The emits of one event, e.g. `connect_user`. */
  sent(event: string) {
    return this.emitted.filter((emit) => emit.event === event)
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args)
  }
}

/** Every socket the app created in this test file, newest last. */
export const sockets: FakeSocket[] = []

export const fakeIo = vi.fn((options: Options) => {
  const socket = new FakeSocket(options)
  sockets.push(socket)
  return socket
})
