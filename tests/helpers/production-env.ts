/** A production environment with every real setting in place; a test takes one back to see the refusal. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  DOCUMENTS_KEY: `1:${Buffer.alloc(32, 9).toString('base64')}`,
  PUBLIC_URL: 'https://fika.uz',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: 'sms@example.uz',
  ESKIZ_PASSWORD: 'eskiz-password',
  PAYME_MERCHANT_ID: 'kassa-1',
  PAYME_KEY: 'payme-key-0123456789',
  CLICK_SERVICE_ID: '101',
  CLICK_MERCHANT_ID: '202',
  CLICK_SECRET_KEY: 'click-key-0123456789',
  SEED_DEMO_USERS: 'false',
  SEED_DEMO_ORDERS: 'false',
  METRICS_TOKEN: 'a-metrics-token-that-is-long-enough-0123',
}
