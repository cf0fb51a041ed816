import { createHmac } from 'node:crypto'
import type { Config } from '#server/config.ts'

/** The keys each provider is checked with: the configured ones, or sandbox keys derived from the server's secret. */
export function paymentKeys(config: Config & { JWT_SECRET: string }) {
  const derived = (name: string) =>
    createHmac('sha256', config.JWT_SECRET).update(`wallet-sandbox:${name}`).digest('hex')
  return {
    payme: {
      sandbox: !config.PAYME_KEY,
      available: Boolean(config.PAYME_KEY) || config.NODE_ENV !== 'production',
      key: config.PAYME_KEY ?? derived('payme'),
      merchantId: config.PAYME_MERCHANT_ID ?? 'sandbox',
    },
    click: {
      sandbox: !config.CLICK_SECRET_KEY,
      available: Boolean(config.CLICK_SECRET_KEY) || config.NODE_ENV !== 'production',
      secret: config.CLICK_SECRET_KEY ?? derived('click'),
      serviceId: config.CLICK_SERVICE_ID ?? '1',
      merchantId: config.CLICK_MERCHANT_ID ?? '1',
    },
  }
}
export type PaymentKeys = ReturnType<typeof paymentKeys>
