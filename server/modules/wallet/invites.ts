import { createHmac, timingSafeEqual } from 'node:crypto'
import { INVITE_CODE_PATTERN } from '#contract/schemas/wallet.ts'
import type { Database } from '#server/db/client.ts'
import { invites } from '#server/db/schema/wallet.ts'
import { users } from '#server/db/schema/users.ts'
import { eq } from 'drizzle-orm'
import type { Clock } from '#server/lib/clock.ts'

/**
 * Invite codes (decision 015, "Bonuses"): derived from the user's id and `JWT_SECRET`, so nothing is stored and a
 * code names its inviter without a lookup; the HMAC stops anyone from making a code for another id.
 */
export function inviteCodes(secret: string) {
  const mac = (id: number) => createHmac('sha256', secret).update(`invite:${id}`).digest('hex').slice(0, 10)
  return {
    codeOf: (userId: number) => `${userId.toString(36)}-${mac(userId)}`,
    /** The inviter's id a code names, or undefined when it is malformed or forged. */
    userOf(code: string): number | undefined {
      const text = code.trim().toLowerCase()
      if (!INVITE_CODE_PATTERN.test(text)) return undefined
      const [idText, given] = text.split('-') as [string, string]
      const id = parseInt(idText, 36)
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined
      const expected = Buffer.from(mac(id))
      return timingSafeEqual(expected, Buffer.from(given)) ? id : undefined
    },
  }
}
export type InviteCodes = ReturnType<typeof inviteCodes>

/** Records who invited a person just registered; an unknown, forged or own code is ignored (never fails sign-up). */
export function createInviteRecorder({
  db,
  codes,
  clock,
}: {
  db: Database
  codes: InviteCodes
  clock: Clock
}) {
  return async function recordInvite(inviteeId: number, code: string | null | undefined) {
    if (!code) return
    const inviterId = codes.userOf(code)
    if (inviterId === undefined || inviterId === inviteeId) return
    const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.id, inviterId))
    if (!inviter) return
    await db
      .insert(invites)
      .values({ inviterId, inviteeId, createdAt: clock.now() })
      .onConflictDoNothing({ target: invites.inviteeId })
  }
}
export type RecordInvite = ReturnType<typeof createInviteRecorder>
