/**
 * What an executor typed into the reply form and the Idempotency-Key of that one intent, kept across reloads: the
 * text survives, and a reply sent twice (a retry, a reload while queued) is still one reply on the server.
 */
export type ReplyDraft = { text: string; key: string; queued: boolean }

const storageKey = (orderId: number) => `fika.reply.${orderId}`

export function readReplyDraft(orderId: number): ReplyDraft {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey(orderId)) ?? 'null') as Partial<ReplyDraft> | null
    if (kept && typeof kept.text === 'string' && typeof kept.key === 'string')
      return { text: kept.text, key: kept.key, queued: kept.queued === true }
  } catch {
    // A damaged entry is replaced by a fresh draft.
  }
  return { text: '', key: crypto.randomUUID(), queued: false }
}

export const keepReplyDraft = (orderId: number, draft: ReplyDraft) =>
  localStorage.setItem(storageKey(orderId), JSON.stringify(draft))

export const dropReplyDraft = (orderId: number) => localStorage.removeItem(storageKey(orderId))
