/** Delivers one text message; the rules about codes live in the sms module, not here. */
export type SmsSender = {
  name: 'dev' | 'eskiz'
  send: (message: { phone: string; text: string }) => Promise<void>
}

export class SmsDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SmsDeliveryError'
  }
}
