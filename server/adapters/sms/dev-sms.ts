import type { SmsSender } from './sms-sender.ts'

export type DevSmsMessage = { phone: string; text: string; code: string; created_at: string }

const KEPT_PER_PHONE = 20

/**
 * Development delivery: the message goes to the log and stays in memory for `GET /api/dev/sms`, so a developer or
 * an e2e test can read the code without a phone.
 */
export function createDevSms(options: {
  log: (message: { phone: string; text: string }) => void
  now: () => Date
}) {
  const inbox = new Map<string, DevSmsMessage[]>()
  const sender: SmsSender = {
    name: 'dev',
    async send({ phone, text }) {
      const code = /\b(\d{4})\b/.exec(text)?.[1] ?? ''
      const kept = inbox.get(phone) ?? []
      kept.unshift({ phone, text, code, created_at: options.now().toISOString() })
      inbox.set(phone, kept.slice(0, KEPT_PER_PHONE))
      options.log({ phone, text })
    },
  }
  return { sender, messagesFor: (phone: string) => inbox.get(phone) ?? [] }
}
export type DevSms = ReturnType<typeof createDevSms>
