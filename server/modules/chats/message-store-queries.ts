// Storing a message: the database's `chat_send` (migration 0037), one message at a time or many in one round trip.
import { and, eq, sql } from 'drizzle-orm'
import type { MessageKind } from '#contract/schemas/chats.ts'
import type { Database } from '#server/db/client.ts'
import { executePrepared } from '#server/db/prepared.ts'
import { chatMessages } from '#server/db/schema/chats.ts'
import { coalescedCalls } from '#server/lib/coalesced-calls.ts'
import type { MessageRecord, NewMessage } from './chat-rows.ts'

/** A message row as `row_to_json` writes it. */
type StoredMessageJson = {
  id: number
  chat_id: number
  sender_id: number | null
  from_support: boolean
  client_id: string
  kind: MessageKind
  text: string
  photo: string | null
  lat: number | null
  lng: number | null
  created_at: string
}
type PeopleJson = { user_id: number; unread: number; total: number }[]

/** What `chat_send` answers for one message. */
type SendRow = {
  present: boolean
  earlier_id: number | string | null
  blocked: boolean
  recent: number
  message: StoredMessageJson | string | null
  people: PeopleJson | string
}

const messageFromJson = (row: StoredMessageJson): MessageRecord => ({
  id: Number(row.id),
  chatId: Number(row.chat_id),
  senderId: row.sender_id === null ? null : Number(row.sender_id),
  fromSupport: row.from_support,
  clientId: row.client_id,
  kind: row.kind,
  text: row.text,
  photo: row.photo,
  lat: row.lat,
  lng: row.lng,
  // Only a message just stored comes this way: none is hidden yet.
  hiddenAt: null,
  createdAt: new Date(row.created_at),
})

export type StoredMessage = {
  message: MessageRecord
  created: boolean
  unread: Map<number, { unread: number; total: number }>
}

/**
 * A send's rules, checked in the statement that stores it: the message a replayed client id already made, a block
 * between the sender and `otherId` (none for the support team), and the sender's count since `since` against
 * `perMinute`.
 */
export type SendRules = { otherId: number | null; perMinute: number; since: Date }

/** What a checked send found: the message stored, or the rule that stopped it. */
export type CheckedSend =
  | ({ outcome: 'stored' } & StoredMessage)
  | { outcome: 'replay'; earlierId: number }
  | { outcome: 'blocked' }
  | { outcome: 'limited' }
  | { outcome: 'gone' }

type Send = { message: NewMessage; options: { toTeam: boolean }; rules?: SendRules }

const json = <T>(value: T | string) => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

/** `chat_send`'s answer for `send`, read. */
async function outcomeOf(db: Database, { message, rules }: Send, row: SendRow): Promise<CheckedSend> {
  if (!row.present) return { outcome: 'gone' }
  if (row.earlier_id !== null) return { outcome: 'replay', earlierId: Number(row.earlier_id) }
  if (row.blocked) return { outcome: 'blocked' }
  if (Number(row.recent) >= (rules?.perMinute ?? 1)) return { outcome: 'limited' }
  if (row.message === null) {
    // Another send of the same client id was stored after this statement's snapshot: it answers that one.
    const [first] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, message.chatId), eq(chatMessages.clientId, message.clientId)))
    return { outcome: 'stored', message: first!, created: false, unread: new Map() }
  }
  return {
    outcome: 'stored',
    message: messageFromJson(json(row.message)),
    created: true,
    unread: new Map(
      json(row.people).map((person) => [
        Number(person.user_id),
        { unread: Number(person.unread), total: Number(person.total) },
      ]),
    ),
  }
}

/**
 * Stores a message and moves the conversation in one statement (one round trip, atomic): its last message,
 * everyone's list order, the unread count of those it is to (`toTeam`: the support team's), and each person's
 * total over all their conversations after it. With `rules`, the same statement first takes the sender's and the
 * conversation's locks, stores nothing when one of the rules stops the send, and says which. A `clientId` already
 * used in the conversation stores nothing and answers the first message (`created: false`).
 */
export async function storeMessage(db: Database, send: Send): Promise<CheckedSend> {
  const { message, options, rules } = send
  // Prepared: on every message, planning the call cost the database more than running it.
  const result = (await executePrepared(
    db,
    'chat-send',
    sql`select * from chat_send(${message.chatId}::bigint, ${message.senderId}::bigint,
      ${message.fromSupport}::boolean, ${message.clientId}::text, ${message.kind}::text, ${message.text}::text,
      ${message.photo ?? null}::text, ${message.lat ?? null}::float8, ${message.lng ?? null}::float8,
      ${message.createdAt.toISOString()}::timestamptz, ${options.toTeam}::boolean, ${rules !== undefined}::boolean,
      ${rules?.otherId ?? null}::bigint, ${rules?.perMinute ?? 1}::int,
      ${(rules?.since ?? message.createdAt).toISOString()}::timestamptz)`,
  )) as unknown as { rows: SendRow[] }
  return outcomeOf(db, send, result.rows[0]!)
}

/** Checked sends as `chat_send_many` reads them. */
const asArguments = ({ message, options, rules }: Send & { rules: SendRules }) => ({
  chat_id: message.chatId,
  sender_id: message.senderId,
  from_support: message.fromSupport,
  client_id: message.clientId,
  kind: message.kind,
  text: message.text,
  photo: message.photo ?? null,
  lat: message.lat ?? null,
  lng: message.lng ?? null,
  created_at: message.createdAt.toISOString(),
  to_team: options.toTeam,
  other_id: rules.otherId,
  per_minute: rules.perMinute,
  since: rules.since.toISOString(),
})

/**
 * Checked sends (`storeMessage` under `rules`), those that arrive while a call is on its way stored together by the
 * next one: on a busy server a send's own round trip and commit cost the database more than its insert, and a
 * thousand conversations writing every second would not fit on two cores otherwise (bench/chat.ts). A send alone
 * goes at once. When a call of several fails (a deadlock with another statement, a sender deleted meanwhile), each
 * of its sends is tried again on its own, so one send's failure is never another's.
 */
export function createCheckedSends(db: Database) {
  const sendAll = coalescedCalls<Send & { rules: SendRules }, PromiseSettledResult<CheckedSend>>(
    async (sends) => {
      if (sends.length === 1) return Promise.allSettled([storeMessage(db, sends[0]!)])
      let rows: (SendRow & { n: number })[]
      try {
        const result = (await executePrepared(
          db,
          'chat-send-many',
          sql`select * from chat_send_many(${JSON.stringify(sends.map(asArguments))}::json)`,
        )) as unknown as { rows: (SendRow & { n: number })[] }
        rows = result.rows
      } catch {
        return Promise.allSettled(sends.map((send) => storeMessage(db, send)))
      }
      const byPlace = new Map(rows.map((row) => [Number(row.n), row]))
      return Promise.allSettled(sends.map((send, index) => outcomeOf(db, send, byPlace.get(index + 1)!)))
    },
  )
  return async (send: Send & { rules: SendRules }): Promise<CheckedSend> => {
    const settled = await sendAll(send)
    if (settled.status === 'rejected') throw settled.reason
    return settled.value
  }
}
