import * as v from 'valibot'
import { ChatSendAckSchema } from '#contract/events.ts'
import type { ChatLocation, ChatMessage } from '#contract/schemas/chats.ts'
import { create } from 'zustand'
import { currentSocket, onRealtime } from '#src/features/notifications/realtime.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { useSession } from '#src/lib/session-store.ts'
import { chatsApi } from './api/chats-api.ts'
import { deleteOutgoing, listOutgoing, putOutgoing, type ChatOutgoing } from './local-cache.ts'

/** A socket send not acknowledged within this is treated as lost: the same client_id is sent again later. */
export const SEND_ACK_TIMEOUT_MS = 10_000
/** After a failure that may pass (no network, a server error), the queue is tried again this much later. */
const RETRY_MS = 15_000
const FLUSH_LOCK = 'fika-chat-outbox'

/** Why the newest send of a conversation did not go through, in the server's words. */
export type SendProblem = { code: string; message: string }

type OutboxState = {
  /** Whose queue this is (the entries are theirs); null before it was read. */
  userId: number | null
  entries: ChatOutgoing[]
  /** Per conversation: the last refusal or delay the server gave, shown under the composer. */
  problems: Record<number, SendProblem | undefined>
}

/** The messages waiting to be sent, as the screens show them; IndexedDB (local-cache.ts) is what survives reloads. */
export const useChatOutbox = create<OutboxState>()(() => ({ userId: null, entries: [], problems: {} }))

type Sent = (message: ChatMessage) => void
const sentListeners = new Set<Sent>()
/** Tells a screen about each message the server took from the queue, to show it in place of the waiting one. */
export function onOutgoingSent(listener: Sent) {
  sentListeners.add(listener)
  return () => void sentListeners.delete(listener)
}

const setProblem = (chatId: number, problem: SendProblem | undefined) =>
  useChatOutbox.setState((state) => ({ problems: { ...state.problems, [chatId]: problem } }))

/** Reads the person's queue from the device (at start, and when another person logs in). */
export async function loadOutbox(userId: number) {
  const entries = await listOutgoing(userId)
  useChatOutbox.setState({ userId, entries: entries ?? [] })
}

/** Puts a new message in the queue (kept on the device before anything is sent) and starts sending. */
export async function queueMessage(
  userId: number,
  chatId: number,
  content: { text: string; location?: ChatLocation },
) {
  const entry: ChatOutgoing = {
    clientId: crypto.randomUUID(),
    userId,
    chatId,
    text: content.text,
    ...(content.location && { location: content.location }),
    createdAt: Date.now(),
  }
  // On the device first: a run of the queue reads the device's list and would otherwise drop it from the screen.
  await putOutgoing(entry)
  useChatOutbox.setState((state) => ({ entries: [...state.entries, entry] }))
  setProblem(chatId, undefined)
  void flushOutbox()
}

/** Sends a refused message again, as the writer asked (it was kept with its refusal). */
export async function retryOutgoing(clientId: string) {
  const entry = useChatOutbox.getState().entries.find((known) => known.clientId === clientId)
  if (!entry) return
  const { failed: _failed, ...again } = entry
  replaceEntry(again)
  await putOutgoing(again)
  void flushOutbox()
}

export async function discardOutgoing(clientId: string) {
  useChatOutbox.setState((state) => ({
    entries: state.entries.filter((known) => known.clientId !== clientId),
  }))
  await deleteOutgoing(clientId)
}

function replaceEntry(entry: ChatOutgoing) {
  useChatOutbox.setState((state) => ({
    entries: state.entries.map((known) => (known.clientId === entry.clientId ? entry : known)),
  }))
}

type Outcome =
  | { kind: 'sent'; message: ChatMessage }
  /** May pass by itself (network, server error, rate limit): kept, tried again after `delayMs`. */
  | { kind: 'later'; delayMs: number; problem?: SendProblem }
  /** Sending again would be refused again (blocked, too long): kept for the writer to decide. */
  | { kind: 'refused'; problem: SendProblem }

const RATE_LIMITS = new Set(['chat_rate_limited', 'rate_limited'])

function classify(
  error: { code: string; message: string; retry_after?: number },
  status: number | null,
): Outcome {
  const problem = { code: error.code, message: error.message }
  if (RATE_LIMITS.has(error.code) || status === 429)
    return { kind: 'later', delayMs: Math.max(1, error.retry_after ?? RETRY_MS / 1000) * 1000, problem }
  if (status === 0 || (status !== null && status >= 500)) return { kind: 'later', delayMs: RETRY_MS }
  return { kind: 'refused', problem }
}

/** One send: on the socket with its acknowledgement when connected, else over HTTP; both dedupe on client_id. */
async function sendOne(entry: ChatOutgoing): Promise<Outcome> {
  const body = {
    client_id: entry.clientId,
    text: entry.text,
    ...(entry.location && { location: entry.location }),
  }
  const socket = currentSocket()
  if (socket) {
    try {
      const answer: unknown = await socket
        .timeout(SEND_ACK_TIMEOUT_MS)
        .emitWithAck('chat:message', { chat_id: entry.chatId, ...body })
      const parsed = v.safeParse(ChatSendAckSchema, answer)
      if (!parsed.success) return { kind: 'later', delayMs: RETRY_MS }
      return parsed.output.ok
        ? { kind: 'sent', message: parsed.output.message }
        : classify(parsed.output.error, null)
    } catch {
      // No answer in time: the message may or may not be stored; the same client_id later settles it.
      return { kind: 'later', delayMs: RETRY_MS }
    }
  }
  try {
    return { kind: 'sent', message: await chatsApi.send(entry.chatId, body) }
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'later', delayMs: RETRY_MS }
    return classify(
      { code: error.code, message: error.message, retry_after: error.body?.error.retry_after },
      error.status,
    )
  }
}

let flushing: Promise<void> | null = null
/** Something was queued (or the network returned) during a run: one more run after it. */
let again = false
/** A rate limit said when sending may start again: no run before then but the timer's. */
let pausedUntil = 0
let retryTimer: ReturnType<typeof setTimeout> | undefined

/**
 * Sends the queue one message at a time, in the order written. A message leaves the queue only once the server
 * answered it; a failure that may pass stops the run (so nothing overtakes it) until the network returns, the
 * socket connects, or a timer fires. One run per tab, and across tabs one at a time where Web Locks exist.
 */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    again = true
    return flushing
  }
  flushing = runExclusive(flushQueue).finally(() => {
    flushing = null
    if (again) {
      again = false
      void flushOutbox()
    }
  })
  return flushing
}

function runExclusive(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request(FLUSH_LOCK, work) : work()
}

async function flushQueue() {
  const { userId } = useChatOutbox.getState()
  if (userId === null || Date.now() < pausedUntil) return
  // Another tab may have sent some meanwhile: the device's queue is the truth, and this page's copy follows it.
  // Without a device store (some private modes) the page's own list is all there is.
  const stored = await listOutgoing(userId)
  if (stored) useChatOutbox.setState({ entries: stored })
  const queue = (stored ?? useChatOutbox.getState().entries)
    .filter((entry) => entry.userId === userId && !entry.failed)
    .sort((a, b) => a.createdAt - b.createdAt)
  for (const entry of queue) {
    // NOTE: a logout (or another person's login) meanwhile ends the run: the token no longer speaks for the writer.
    if (useSession.getState().profile?.id !== userId) return
    const outcome = await sendOne(entry)
    if (outcome.kind === 'sent') {
      await deleteOutgoing(entry.clientId)
      useChatOutbox.setState((state) => ({
        entries: state.entries.filter((known) => known.clientId !== entry.clientId),
      }))
      setProblem(entry.chatId, undefined)
      for (const listener of sentListeners) listener(outcome.message)
    } else if (outcome.kind === 'refused') {
      const failed = { ...entry, failed: outcome.problem }
      replaceEntry(failed)
      setProblem(entry.chatId, outcome.problem)
      await putOutgoing(failed)
    } else {
      if (outcome.problem) {
        setProblem(entry.chatId, outcome.problem)
        pausedUntil = Date.now() + outcome.delayMs
      }
      again = false
      clearTimeout(retryTimer)
      retryTimer = setTimeout(() => {
        pausedUntil = 0
        void flushOutbox()
      }, outcome.delayMs)
      return
    }
  }
}

let stopWatching: (() => void) | null = null

/**
 * Starts sending the person's queue: now (the app's start, a conversation opened), when the network comes back
 * and whenever the socket connects. Another person's login reads their own queue instead.
 */
export async function startOutbox(userId: number) {
  if (useChatOutbox.getState().userId !== userId) await loadOutbox(userId)
  if (!stopWatching) {
    const onOnline = () => void flushOutbox()
    window.addEventListener('online', onOnline)
    const stopSocket = onRealtime((socket) => {
      socket.on('connect', onOnline)
      return () => void socket.off('connect', onOnline)
    })
    stopWatching = () => {
      window.removeEventListener('online', onOnline)
      stopSocket()
    }
  }
  await flushOutbox()
}

/** Tests: forget the timers and the queue of this page. */
export function resetOutbox() {
  stopWatching?.()
  stopWatching = null
  clearTimeout(retryTimer)
  flushing = null
  again = false
  pausedUntil = 0
  useChatOutbox.setState({ userId: null, entries: [], problems: {} })
}
