import type { FastifyReply } from 'fastify'
import { MAX_NUMBERED_PAGE } from '#contract/schemas/bounds.ts'
import { AppError } from '#server/lib/app-error.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import type { ListKey } from './order-rows.ts'

type PagingQuery = { page: number; perPage: number; cursor?: string }

/**
 * Which page a list asks for: the rows after a cursor, or a page by number among the first MAX_NUMBERED_PAGE
 * (the spec's `page`; OFFSET stays cheap that shallow). A deeper page by number is refused: it goes by cursor.
 */
export function pageOf(query: PagingQuery): { page: number; after?: ListKey } {
  if (query.cursor !== undefined) {
    const [createdAt, id] = decodeCursor(query.cursor, ['date', 'number']) as [string, number]
    return { page: query.page, after: { createdAt, id } }
  }
  if (query.page > MAX_NUMBERED_PAGE) {
    throw new AppError('validation', 'page_needs_cursor', { fields: { page: ['page_needs_cursor'] } })
  }
  return { page: query.page }
}

/** The list's meta: the page asked, its size, the capped total and where the next page starts. */
export const listMetaOf = (query: PagingQuery, total: number, next: ListKey | null) => ({
  page: query.page,
  perPage: query.perPage,
  total,
  next_cursor: next ? encodeCursor([next.createdAt, next.id]) : null,
})

const [OPENING, COMMA] = [Buffer.from('{"collection":['), Buffer.from(',')]

/** A list's answer around cards that are JSON already (order-cards.ts). */
export function cardsAnswer(cards: Buffer[], meta: ReturnType<typeof listMetaOf>) {
  const between = cards.flatMap((card, i) => (i === 0 ? [card] : [COMMA, card]))
  const closing = Buffer.from(`],"meta":${JSON.stringify(meta)}}`)
  return Buffer.concat([OPENING, ...between, closing])
}

/** Answers with JSON made already. */
export const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body)

/** Answers a list whose cards are JSON already. */
export const sendCards = (reply: FastifyReply, cards: Buffer[], meta: ReturnType<typeof listMetaOf>) =>
  sendJson(reply, cardsAnswer(cards, meta))
