// Bounces that come back later as mail (docs/decisions/027-email.md): each mail's envelope sender names its
// person (VERP: `bounces+u12.<signature>@fika.uz`), so a delivery status notification (RFC 3464) sent back to it
// tells whose address failed, and the signature proves we made the address.
import { createHmac } from 'node:crypto'
import { hmac, safeEqual } from '#server/lib/secrets.ts'

/** Hex, so a mail system that lower-cases the address keeps it valid. */
const TOKEN = /^u(\d{1,10})\.([0-9a-f]{20})$/

export function createBounceAddresses(secret: string, bouncesTo: string | undefined) {
  const key = hmac(secret, 'email-bounces')
  const signature = (userId: number) =>
    createHmac('sha256', key).update(`bounce.${userId}`).digest('hex').slice(0, 20)
  const [local, domain] = bouncesTo?.split('@') ?? []
  return {
    /** The envelope sender for a mail to `userId`, when bounces come back to us (MAIL_BOUNCES_TO). */
    envelopeFor: (userId: number) =>
      local && domain ? `${local}+u${userId}.${signature(userId)}@${domain}` : undefined,

    /** The person a bounce address names, when the address is one of ours. */
    userOf(address: string): number | undefined {
      const match = address.toLowerCase().match(/^[^+@]+\+([^@]+)@/)
      const token = match?.[1]?.match(TOKEN)
      if (!token) return undefined
      const userId = Number(token[1])
      return safeEqual(token[2]!, signature(userId)) ? userId : undefined
    },
  }
}

/**
 * What a delivery status notification says, read from its `message/delivery-status` fields: the recipient that
 * failed and whether for good (`Action: failed` with a 5.x.x status; a 4.x.x is a delay, not a bounce).
 */
export function readDeliveryStatus(raw: string): { recipient: string; permanent: boolean } | undefined {
  const recipient = raw.match(/^Final-Recipient:\s*rfc822;\s*<?([^\s<>]+@[^\s<>]+)>?\s*$/im)?.[1]
  const status = raw.match(/^Status:\s*([245])\.\d{1,3}\.\d{1,3}\s*$/im)?.[1]
  const action = raw.match(/^Action:\s*(\w+)/im)?.[1]?.toLowerCase()
  if (!recipient || !status) return undefined
  return { recipient: recipient.toLowerCase(), permanent: status === '5' && action !== 'delayed' }
}

/** The address a notification was sent to: its envelope recipient, as the To of the bounce. */
export const bounceRecipientOf = (raw: string) =>
  raw.match(/^(?:Delivered-To|X-Original-To|To):\s*<?([^\s<>,]+@[^\s<>,]+)>?/im)?.[1]
