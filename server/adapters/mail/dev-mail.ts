import type { MailMessage, MailSender } from './mail-sender.ts'

export type DevMail = MailMessage & { created_at: string }

const KEPT_PER_ADDRESS = 20
/** Addresses the mailbox remembers; the one written to longest ago is forgotten first. */
const KEPT_ADDRESSES = 1000

/**
 * Development delivery: the mail stays in memory for `GET /api/dev/mail?to=`, so a developer or an e2e test can
 * follow its links without a mail server. Like the dev SMS, it never runs in production (server/config.ts).
 */
export function createDevMail(options: { now: () => Date }) {
  const inbox = new Map<string, DevMail[]>()
  const sender: MailSender = {
    name: 'dev',
    async send(message) {
      const address = message.to.toLowerCase()
      const kept = inbox.get(address) ?? []
      kept.unshift({ ...message, created_at: options.now().toISOString() })
      // Re-inserted, so the Map's first key is always the address written to longest ago.
      inbox.delete(address)
      inbox.set(address, kept.slice(0, KEPT_PER_ADDRESS))
      if (inbox.size > KEPT_ADDRESSES) inbox.delete(inbox.keys().next().value!)
    },
  }
  return { sender, mailsTo: (address: string) => inbox.get(address.toLowerCase()) ?? [] }
}
export type DevMailbox = ReturnType<typeof createDevMail>
