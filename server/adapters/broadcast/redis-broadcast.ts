import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Broadcast } from './broadcast.ts'

type Log = { warn: (details: object, message: string) => void }

/** How long a publisher waits for the other processes to say they handled a message before it goes on. */
export const ANSWER_TIMEOUT_MS = 1000

type Envelope<T> = { id: string; replyTo: string; message: T }
type Waiting = { answers: number; expected: number; done: () => void }

/**
 * Redis pub/sub on `channel`, with an answer from every receiver. PUBLISH alone only says how many processes the
 * message was handed to, not that they have read it yet; waiting for their answers is what lets a logout on one
 * process be refused by the very next request on another.
 */
export function createRedisBroadcast<T>(url: string, channel: string, log: Log): Broadcast<T> {
  const replyChannel = `${channel}:answers:${randomUUID()}`
  // A subscribed connection can only listen, so publishing and answering take a second one.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1 })
  // Subscribing again is done by hand on every `ready`, so that the missed-messages signal comes with it.
  const subscriber = new Redis(url, { maxRetriesPerRequest: 1, autoResubscribe: false })
  const listeners: ((message: T | 'missed') => void)[] = []
  const waiting = new Map<string, Waiting>()
  let live = false

  const tell = (message: T | 'missed') => {
    for (const listener of listeners) listener(message)
  }

  subscriber.on('ready', () => {
    subscriber.subscribe(channel, replyChannel).then(
      () => {
        // Whatever was published while this process was not listening is lost to it.
        tell('missed')
        live = true
      },
      (error: unknown) => log.warn({ err: error }, 'broadcast: subscribing failed'),
    )
  })
  subscriber.on('close', () => {
    live = false
  })
  for (const connection of [publisher, subscriber])
    connection.on('error', (error: Error) => log.warn({ err: error }, 'broadcast: Redis connection error'))

  subscriber.on('message', (from: string, raw: string) => {
    if (from === replyChannel) {
      const wait = waiting.get(raw)
      if (wait && ++wait.answers >= wait.expected) wait.done()
      return
    }
    let envelope: Envelope<T>
    try {
      envelope = JSON.parse(raw) as Envelope<T>
    } catch {
      return
    }
    tell(envelope.message)
    publisher
      .publish(envelope.replyTo, envelope.id)
      .catch((error: unknown) => log.warn({ err: error }, 'broadcast: answering failed'))
  })

  return {
    async publish(message) {
      const id = randomUUID()
      let timer: NodeJS.Timeout | undefined
      const wait: Waiting = { answers: 0, expected: Number.POSITIVE_INFINITY, done: () => {} }
      const answered = new Promise<boolean>((resolve) => {
        wait.done = () => resolve(true)
        timer = setTimeout(() => resolve(false), ANSWER_TIMEOUT_MS)
      })
      // Registered before publishing: an answer can arrive before the PUBLISH reply does.
      waiting.set(id, wait)
      try {
        const envelope: Envelope<T> = { id, replyTo: replyChannel, message }
        const receivers = await Promise.race([
          publisher.publish(channel, JSON.stringify(envelope)),
          answered.then(() => undefined),
        ])
        if (receivers === undefined) throw new Error('no reply to PUBLISH in time')
        wait.expected = receivers
        if (wait.answers >= receivers) wait.done()
        if (!(await answered))
          log.warn({ receivers, answers: wait.answers }, 'broadcast: not every process answered in time')
      } catch (error) {
        log.warn({ err: error }, 'broadcast: publishing failed')
      } finally {
        clearTimeout(timer)
        waiting.delete(id)
      }
    },
    listen(listener) {
      listeners.push(listener)
    },
    get live() {
      return live
    },
    async close() {
      live = false
      subscriber.disconnect()
      publisher.disconnect()
    },
  }
}
