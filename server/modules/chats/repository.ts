import { and, count, desc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm'
import type { ChatKind, MessageKind, ReportReason } from '#contract/schemas/chats.ts'
import { withLock, type Database } from '#server/db/client.ts'
import { chatMessages, chatParticipants, chats, messageReports, userBlocks } from '#server/db/schema/chats.ts'
import { orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import { profileVisibleTo } from '#server/modules/profile/visibility.ts'

export type ChatRecord = typeof chats.$inferSelect
export type ParticipantRecord = typeof chatParticipants.$inferSelect
export type MessageRecord = typeof chatMessages.$inferSelect

export type NewMessage = {
  chatId: number
  senderId: number
  fromSupport: boolean
  clientId: string
  kind: MessageKind
  text: string
  photo?: string | null
  lat?: number | null
  lng?: number | null
  createdAt: Date
}

/** One page of a person's conversations: ids in list order, and where the next page starts. */
export type ChatPageKey = { at: Date; id: number }

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
  createdAt: new Date(row.created_at),
})

const ilikeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

export function createChatsRepository(db: Database) {
  return {
    findChat: async (id: number): Promise<ChatRecord | undefined> =>
      (await db.select().from(chats).where(eq(chats.id, id)).limit(1))[0],

    /** Whether `viewerId` may open the profile of `userId`: the rule a direct conversation follows too. */
    seesProfileOf: async (viewerId: number, userId: number) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), profileVisibleTo(viewerId)))
          .limit(1)
      ).length > 0,

    findPairChat: async (userA: number, userB: number | null, orderKey: number) =>
      (
        await db
          .select()
          .from(chats)
          .where(
            and(
              eq(chats.userA, userA),
              sql`coalesce(${chats.userB}, 0) = ${userB ?? 0}`,
              eq(chats.orderKey, orderKey),
            ),
          )
          .limit(1)
      )[0],

    /**
     * Opens a conversation of `userA` and `userB` (smaller id first; null for the support team), or answers the one
     * that exists: two people opening it at once get the same row.
     */
    async openChat(values: {
      kind: ChatKind
      orderId: number | null
      userA: number
      userB: number | null
      at: Date
    }): Promise<ChatRecord> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(chats)
          .values({
            kind: values.kind,
            orderId: values.orderId,
            orderKey: values.orderId ?? 0,
            userA: values.userA,
            userB: values.userB,
            lastMessageAt: values.at,
            createdAt: values.at,
          })
          .onConflictDoNothing()
          .returning()
        if (!created) {
          const [existing] = await tx
            .select()
            .from(chats)
            .where(
              and(
                eq(chats.userA, values.userA),
                sql`coalesce(${chats.userB}, 0) = ${values.userB ?? 0}`,
                eq(chats.orderKey, values.orderId ?? 0),
              ),
            )
          return existing!
        }
        const people = values.userB === null ? [values.userA] : [values.userA, values.userB]
        await tx
          .insert(chatParticipants)
          .values(people.map((userId) => ({ chatId: created.id, userId, sortAt: values.at })))
        return created
      })
    },

    participant: async (chatId: number, userId: number): Promise<ParticipantRecord | undefined> =>
      (
        await db
          .select()
          .from(chatParticipants)
          .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)))
          .limit(1)
      )[0],

    participantsOf: (chatIds: number[]): Promise<ParticipantRecord[]> =>
      chatIds.length === 0
        ? Promise.resolve([])
        : db.select().from(chatParticipants).where(inArray(chatParticipants.chatId, chatIds)),

    chatsByIds: (ids: number[]): Promise<ChatRecord[]> =>
      ids.length === 0 ? Promise.resolve([]) : db.select().from(chats).where(inArray(chats.id, ids)),

    messagesByIds: (ids: number[]): Promise<MessageRecord[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select().from(chatMessages).where(inArray(chatMessages.id, ids)),

    peopleByIds: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: users.id,
              name: users.name,
              surname: users.surname,
              slug: users.slug,
              type: users.type,
              photo: sql<string | null>`coalesce(${users.avatarThumb}, ${users.avatar})`,
              verification: users.verification,
              lastSeenAt: users.lastSeenAt,
              deletedAt: users.deletedAt,
            })
            .from(users)
            .where(inArray(users.id, ids)),

    ordersByIds: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: orders.id,
              name: orders.name,
              price: orders.price,
              priceMin: orders.priceMin,
              priceMax: orders.priceMax,
              status: orders.status,
            })
            .from(orders)
            .where(inArray(orders.id, ids)),

    /** Blocks between `userId` and any of `others`, either way. */
    blocksAmong: (userId: number, others: number[]) =>
      others.length === 0
        ? Promise.resolve([])
        : db
            .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
            .from(userBlocks)
            .where(
              or(
                and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, others)),
                and(eq(userBlocks.blockedId, userId), inArray(userBlocks.blockerId, others)),
              ),
            ),

    async isBlocked(a: number, b: number) {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
            and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    async setBlock(blockerId: number, blockedId: number, blocked: boolean, at: Date) {
      if (blocked)
        await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing()
      else
        await db
          .delete(userBlocks)
          .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    },

    /**
     * A page of a person's conversations, newest first. Staff also see every support conversation (the team's
     * inbox). `search` matches the other person's name or surname, the order's title, or its number.
     */
    async pageOf(
      userId: number,
      options: { staff: boolean; after?: ChatPageKey; limit: number; search?: string },
    ): Promise<{ ids: number[]; next: ChatPageKey | null }> {
      const { after, limit, search } = options
      const own = sql`exists (select 1 from ${chatParticipants} p where p.chat_id = ${chats.id} and p.user_id = ${userId})`
      const scope = options.staff ? sql`(${own} or ${chats.kind} = 'support')` : own
      const keyset = after
        ? sql`and (${chats.lastMessageAt}, ${chats.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
        : sql``
      let matching = sql``
      if (search) {
        const like = `%${ilikeEscape(search)}%`
        const number = /^\d{1,9}$/.test(search) ? Number(search) : null
        matching = sql`and (
          exists (
            select 1 from ${users} o
            where o.id in (${chats.userA}, ${chats.userB}) and o.id <> ${userId} and o.deleted_at is null
              and (o.name ilike ${like} or o.surname ilike ${like} or (o.name || ' ' || o.surname) ilike ${like})
          )
          or exists (
            select 1 from ${orders} ord
            where ord.id = ${chats.orderId} and (ord.name ilike ${like} ${number === null ? sql`` : sql`or ord.id = ${number}`})
          )
        )`
      }
      // People have tens of conversations, staff the support inbox: the newest-first walk stops after a page.
      const rows = (await db.execute(sql`
        select ${chats.id} as id, ${chats.lastMessageAt} as last_message_at from ${chats}
        where ${scope} ${keyset} ${matching}
        order by ${chats.lastMessageAt} desc, ${chats.id} desc
        limit ${limit + 1}
      `)) as unknown as { rows: { id: number; last_message_at: string | Date }[] }
      const list = rows.rows.map((row) => ({ id: Number(row.id), at: new Date(row.last_message_at) }))
      const page = list.slice(0, limit)
      const last = page.at(-1)
      return { ids: page.map((row) => row.id), next: list.length > limit && last ? last : null }
    },

    /** Unread messages to a person over their conversations (and the team's, for staff). */
    async totalUnread(userId: number, staff: boolean) {
      const [own] = await db
        .select({ n: sql<number>`coalesce(sum(${chatParticipants.unread}), 0)::int` })
        .from(chatParticipants)
        .where(and(eq(chatParticipants.userId, userId), gt(chatParticipants.unread, 0)))
      if (!staff) return own?.n ?? 0
      const [team] = await db
        .select({ n: sql<number>`coalesce(sum(${chats.teamUnread}), 0)::int` })
        .from(chats)
        .where(and(eq(chats.kind, 'support'), gt(chats.teamUnread, 0)))
      return (own?.n ?? 0) + (team?.n ?? 0)
    },

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
     * `addMessage` while the sender has sent fewer than `perMinute` since `since`, counted and stored under the
     * sender's lock in one transaction, so a burst of sends cannot all pass a count read before any was stored.
     * Answers undefined when the limit is reached.
     */
    async addMessageWithinLimit(
      message: NewMessage,
      options: { toTeam: boolean },
      limit: { perMinute: number; since: Date },
    ) {
      return withLock(db, `chat-send:${message.senderId}`, async (tx) => {
        const [row] = await tx
          .select({ recent: count() })
          .from(chatMessages)
          .where(and(eq(chatMessages.senderId, message.senderId), gte(chatMessages.createdAt, limit.since)))
        if ((row?.recent ?? 0) >= limit.perMinute) return undefined
        return createChatsRepository(tx).addMessage(message, options)
      })
    },

    /**
     * Stores a message and moves the conversation in one statement (one round trip, atomic): its last message,
     * everyone's list order, the unread count of those it is to (`toTeam`: the support team's), and each person's
     * total over all their conversations after it. A `clientId` already used in the conversation stores nothing and
     * answers the first message (`created: false`).
     */
    async addMessage(
      message: NewMessage,
      options: { toTeam: boolean },
    ): Promise<{
      message: MessageRecord
      created: boolean
      unread: Map<number, { unread: number; total: number }>
    }> {
      // The sender has read their own message; the others have one more to read (a team answer is to the person).
      const isSender = message.fromSupport ? sql`false` : sql`p.user_id = ${message.senderId}`
      const result = (await db.execute(sql`
        with ins as (
          insert into ${chatMessages} (chat_id, sender_id, from_support, client_id, kind, text, photo, lat, lng, created_at)
          values (${message.chatId}, ${message.senderId}, ${message.fromSupport}, ${message.clientId}, ${message.kind},
            ${message.text}, ${message.photo ?? null}, ${message.lat ?? null}::float8, ${message.lng ?? null}::float8,
            ${message.createdAt.toISOString()}::timestamptz)
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
        select row_to_json(ins) as message,
          (select coalesce(json_agg(json_build_object(
            'user_id', people.user_id,
            'unread', people.unread,
            -- The statement sees the other conversations as they were, and this one as it is now.
            'total', people.unread + (select coalesce(sum(o.unread), 0) from ${chatParticipants} o
              where o.user_id = people.user_id and o.chat_id <> ${message.chatId})
          )), '[]'::json) from people) as people
        from ins
      `)) as unknown as {
        rows: { message: StoredMessageJson | string; people: PeopleJson | string }[]
      }
      const row = result.rows[0]
      if (!row) {
        const [first] = await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, message.chatId), eq(chatMessages.clientId, message.clientId)))
        return { message: first!, created: false, unread: new Map() }
      }
      const people = (typeof row.people === 'string' ? JSON.parse(row.people) : row.people) as PeopleJson
      return {
        message: messageFromJson(typeof row.message === 'string' ? JSON.parse(row.message) : row.message),
        created: true,
        unread: new Map(
          people.map((person) => [
            Number(person.user_id),
            { unread: Number(person.unread), total: Number(person.total) },
          ]),
        ),
      }
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

    /**
     * Moves a participant's read (and so received) mark up to `messageId`, never back, and recounts what they have
     * left to read. `fromOther` says which messages are to them.
     */
    async markParticipant(
      chatId: number,
      userId: number,
      messageId: number,
      mark: 'read' | 'delivered',
      fromOther: 'not mine' | 'from support',
    ) {
      // Never past the newest message: a mark cannot claim what does not exist yet.
      const newest = sql`least(${messageId}, (select coalesce(c.last_message_id, 0) from ${chats} c where c.id = ${chatId}))`
      const upTo = sql`greatest(${chatParticipants.readUpTo}, ${newest})`
      const toMe =
        fromOther === 'from support'
          ? sql`m.from_support`
          : sql`(m.sender_id is distinct from ${userId} or m.from_support)`
      const [row] = await db
        .update(chatParticipants)
        .set(
          mark === 'read'
            ? {
                readUpTo: upTo,
                deliveredUpTo: sql`greatest(${chatParticipants.deliveredUpTo}, ${newest})`,
                unread: sql`(select count(*)::int from ${chatMessages} m where m.chat_id = ${chatId} and m.id > ${upTo} and ${toMe})`,
              }
            : { deliveredUpTo: sql`greatest(${chatParticipants.deliveredUpTo}, ${newest})` },
        )
        .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)))
        .returning()
      return row
    },

    /** The support team's marks, on the conversation itself. */
    async markTeam(chatId: number, messageId: number, mark: 'read' | 'delivered') {
      const newest = sql`least(${messageId}, coalesce(${chats.lastMessageId}, 0))`
      const upTo = sql`greatest(${chats.teamReadUpTo}, ${newest})`
      const [row] = await db
        .update(chats)
        .set(
          mark === 'read'
            ? {
                teamReadUpTo: upTo,
                teamDeliveredUpTo: sql`greatest(${chats.teamDeliveredUpTo}, ${newest})`,
                teamUnread: sql`(select count(*)::int from ${chatMessages} m where m.chat_id = ${chatId} and m.id > ${upTo} and not m.from_support)`,
              }
            : { teamDeliveredUpTo: sql`greatest(${chats.teamDeliveredUpTo}, ${newest})` },
        )
        .where(eq(chats.id, chatId))
        .returning()
      return row
    },

    findMessage: async (chatId: number, messageId: number): Promise<MessageRecord | undefined> =>
      (
        await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, messageId)))
          .limit(1)
      )[0],

    /** A report once per message and reporter: a second answers undefined. */
    addReport: async (values: {
      messageId: number
      reporterId: number
      reason: ReportReason
      text: string
      createdAt: Date
    }) => (await db.insert(messageReports).values(values).onConflictDoNothing().returning())[0],
  }
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>
