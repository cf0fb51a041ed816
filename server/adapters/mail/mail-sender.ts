/** One mail to one person: a subject, a plain text and an HTML body, and headers (List-Unsubscribe). */
export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
  /** The envelope sender (Return-Path), where a later bounce goes; unset, the From address. */
  envelopeFrom?: string
}

/** Delivers one mail; the rules about who gets what live in the email module, not here. */
export type MailSender = {
  name: 'dev' | 'smtp'
  send: (message: MailMessage) => Promise<void>
}

/**
 * A mail that did not go. `bounce`: the server refused the recipient for good (5xx to RCPT TO), so the address is
 * dead; `permanent`: refused for good for another reason (sending it again would be refused again); otherwise it
 * may go on a later try (4xx, the server unreachable).
 */
export class MailDeliveryError extends Error {
  readonly outcome: 'bounce' | 'permanent' | 'temporary'
  readonly responseCode: number | undefined

  constructor(
    message: string,
    details: { outcome: 'bounce' | 'permanent' | 'temporary'; responseCode?: number },
  ) {
    super(message)
    this.name = 'MailDeliveryError'
    this.outcome = details.outcome
    this.responseCode = details.responseCode
  }
}
