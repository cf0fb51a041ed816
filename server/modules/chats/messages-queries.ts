// A conversation's messages: storing one (under the send limit, with everyone's unread counts) and reading history.
import { and, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import type { MessageKind } from '#contract/schemas/chats.ts'
import type { Database } from '#server/db/client.ts'
import { executePrepared } from '#server/db/prepared.ts'
import { chatMessages, chatParticipants, chats, userBlocks } from '#server/db/schema/chats.ts'
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

type StoredMessage = {
  message: MessageRecord
  created: boolean
  unread: Map<number, { unread: number; total: number }>
}

/**
 * A send's rules, checked in the statement that stores it: the message a replayed client id already made, a block
 * between the sender and `otherId` (none for the support team), and the sender's count since `since` against
 * `perMinute`.
 */
type SendRules = { otherId: number | null; perMinute: number; since: Date }

/** What a checked send found: the message stored, or the rule that stopped it. */
export type CheckedSend =
  | ({ outcome: 'stored' } & StoredMessage)
  | { outcome: 'replay'; earlierId: number }
  | { outcome: 'blocked' }
  | { outcome: 'limited' }
  | { outcome: 'gone' }

/** The checks of SendRules as one row (`earlier_id`, `blocked`, `recent`), or a row that lets every insert through. */
function checksOf(message: NewMessage, rules: SendRules | undefined) {
  const present = sql`exists (select 1 from ${chats} c where c.id = ${message.chatId})`
  if (!rules)
    return sql`select ${present} as present, null::bigint as earlier_id, false as blocked, 0 as recent`
  const { otherId, since } = rules
  const blocked =
    otherId === null
      ? sql`false`
      : sql`exists (select 1 from ${userBlocks} b where (b.blocker_id = ${message.senderId} and b.blocked_id = ${otherId})
          or (b.blocker_id = ${otherId} and b.blocked_id = ${message.senderId}))`
  return sql`select ${present} as present,
    (select m.id from ${chatMessages} m where m.chat_id = ${message.chatId} and m.client_id = ${message.clientId})
      as earlier_id,
    ${blocked} as blocked,
    (select count(*)::int from ${chatMessages} m
      where m.sender_id = ${message.senderId} and m.created_at >= ${since.toISOString()}::timestamptz) as recent`
}

/**
 * Stores a message and moves the conversation in one statement (one round trip, atomic): its last message,
 * everyone's list order, the unread count of those it is to (`toTeam`: the support team's), and each person's
 * total over all their conversations after it. With `rules`, the same statement stores nothing when one of them
 * stops the send and says which. A `clientId` already used in the conversation stores nothing and answers the
 * first message (`created: false`).
 */
async function addMessage(
  db: Database,
  message: NewMessage,
  options: { toTeam: boolean },
  rules?: SendRules,
): Promise<CheckedSend> {
  // The sender has read their own message; the others have one more to read (a team answer is to the person).
  const isSender = message.fromSupport ? sql`false` : sql`p.user_id = ${message.senderId}`
  const perMinute = rules?.perMinute ?? 1
  // Prepared: on every message, planning this statement cost the database more than running it.
  const result = (await executePrepared(
    db,
    'chat-send',
    sql`
    with checks as (${checksOf(message, rules)}),
    ins as (
      insert into ${chatMessages} (chat_id, sender_id, from_support, client_id, kind, text, photo, lat, lng, created_at)
      select ${message.chatId}::bigint, ${message.senderId}::bigint, ${message.fromSupport}::boolean,
        ${message.clientId}::text, ${message.kind}, ${message.text}::text, ${message.photo ?? null}::text,
        ${message.lat ?? null}::float8, ${message.lng ?? null}::float8, ${message.createdAt.toISOString()}::timestamptz
      from checks
      where checks.present and checks.earlier_id is null and not checks.blocked and checks.recent < ${perMinute}::int
      on conflict (chat_id, client_id) do nothing
      returning *
    ),
    moved as (
      update ${chats} c set last_message_id = ins.id, last_message_at = ins.created_at,
        team_unread = case when ${options.toTeam} then c.team_unread + 1
          when ${message.fromSupport} then 0 else c.team_unread end,
        team_read_up_to = case when ${message.fromSupport} then ins.id else c.team_read_up_to end,
        team_delivered_up_to = case when ${message.fromSupport} then ins.id else c.team_delivered_up_to end
      from ins where c.id = ins.chat_id
      returning c.id
    ),
    people as (
      update ${chatParticipants} p set sort_at = ins.created_at,
        unread = case when ${isSender} then 0 else p.unread + 1 end,
        read_up_to = case when ${isSender} then ins.id else p.read_up_to end,
        delivered_up_to = case when ${isSender} then ins.id else p.delivered_up_to end
      from ins where p.chat_id = ins.chat_id
      returning p.user_id, p.unread
    )
    select checks.present, checks.earlier_id, checks.blocked, checks.recent, row_to_json(ins) as message,
      (select coalesce(json_agg(json_build_object(
        'user_id', people.user_id,
        'unread', people.unread,
        -- The statement sees the other conversations as they were, and this one as it is now.
        'total', people.unread + (select coalesce(sum(o.unread), 0) from ${chatParticipants} o
          where o.user_id = people.user_id and o.chat_id <> ${message.chatId})
      )), '[]'::json) from people) as people
    from checks left join ins on true
  `,
  )) as unknown as {
    rows: {
      present: boolean
      earlier_id: number | string | null
      blocked: boolean
      recent: number
      message: StoredMessageJson | string | null
      people: PeopleJson | string
    }[]
  }
  const row = result.rows[0]!
  if (!row.present) return { outcome: 'gone' }
  if (row.earlier_id !== null) return { outcome: 'replay', earlierId: Number(row.earlier_id) }
  if (row.blocked) return { outcome: 'blocked' }
  if (Number(row.recent) >= perMinute) return { outcome: 'limited' }
  if (row.message === null) {
    // Another send of the same client id was stored after this statement's snapshot: it answers that one.
    const [first] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, message.chatId), eq(chatMessages.clientId, message.clientId)))
    return { outcome: 'stored', message: first!, created: false, unread: new Map() }
  }
  const people = (typeof row.people === 'string' ? JSON.parse(row.people) : row.people) as PeopleJson
  return {
    outcome: 'stored',
    message: messageFromJson(typeof row.message === 'string' ? JSON.parse(row.message) : row.message),
    created: true,
    unread: new Map(
      people.map((person) => [
        Number(person.user_id),
        { unread: Number(person.unread), total: Number(person.total) },
      ]),
    ),
  }
}

export function createChatMessagesQueries(db: Database) {
  return {
    messagesByIds: (ids: number[]): Promise<MessageRecord[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select().from(chatMessages).where(inArray(chatMessages.id, ids)),

    /** When the sender's `nth` newest message since `since` was written (when the limit lets one more through). */
    async nthNewestSendSince(senderId: number, since: Date, nth: number) {
      const [row] = await db
        .select({ createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.senderId, senderId), gte(chatMessages.createdAt, since)))
        .orderBy(desc(chatMessages.createdAt))
        .offset(nth - 1)
        .limit(1)
      return row?.createdAt
    },

    /**
     * What a send must know before it writes, in one round trip: the message a replayed client id already made,
     * whether either person blocked the other (`otherId`; none for the support team), and how many messages the
     * sender wrote since `since`.
     */
    async preflight(chatId: number, clientId: string, senderId: number, otherId: number | null, since: Date) {
      const blocked =
        otherId === null
          ? sql`false`
          : sql`exists (select 1 from ${userBlocks} b where (b.blocker_id = ${senderId} and b.blocked_id = ${otherId})
              or (b.blocker_id = ${otherId} and b.blocked_id = ${senderId}))`
      const result = (await db.execute(sql`
        select
          (select m.id from ${chatMessages} m where m.chat_id = ${chatId} and m.client_id = ${clientId}) as earlier_id,
          ${blocked} as blocked,
          (select count(*)::int from ${chatMessages} m
            where m.sender_id = ${senderId} and m.created_at >= ${since.toISOString()}::timestamptz) as recent
      `)) as unknown as { rows: { earlier_id: number | null; blocked: boolean; recent: number }[] }
      const row = result.rows[0]!
      return {
        earlierId: row.earlier_id === null ? null : Number(row.earlier_id),
        blocked: Boolean(row.blocked),
        recent: Number(row.recent),
      }
    },

    /**
     * `addMessage` under the send's rules (SendRules), checked and stored in one statement under the sender's lock,
     * so a burst of sends cannot all pass a count read before any was stored: the statement, begun once the lock
     * is held, sees every earlier send of the sender. The conversation's lock too, taken after it in the same
     * statement: the statement updates the conversation's row and both people's rows in no set order, so two sends
     * in one conversation at once would otherwise deadlock (each holding a row the other needs).
     */
    sendChecked: (message: NewMessage, options: { toTeam: boolean }, rules: SendRules) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-send:${message.senderId}`})),
          pg_advisory_xact_lock(hashtext(${`chat:${message.chatId}`}))`)
        return addMessage(tx as unknown as Database, message, options, rules)
      }),

    async addMessage(message: NewMessage, options: { toTeam: boolean }): Promise<StoredMessage> {
      const sent = await addMessage(db, message, options)
      if (sent.outcome !== 'stored')
        throw new Error(`a message without rules was not stored: ${sent.outcome}`)
      return sent
    },

    /**
     * History: the newest `limit` messages before `before` (or the newest of all), or the oldest `limit` after
     * `after`; always answered oldest first.
     */
    async messages(chatId: number, options: { before?: number; after?: number; limit: number }) {
      if (options.after !== undefined)
        return db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, options.after)))
          .orderBy(chatMessages.id)
          .limit(options.limit + 1)
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.chatId, chatId),
            options.before === undefined ? undefined : lt(chatMessages.id, options.before),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(options.limit + 1)
      return rows
    },
  }
}
