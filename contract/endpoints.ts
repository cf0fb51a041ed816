import { adminReportEndpoints } from './moderation-report-endpoints.ts'
import { adminCatalogueEndpoints } from './moderation-catalogue-endpoints.ts'
import { adminContentEndpoints } from './moderation-content-endpoints.ts'
import { authEndpoints } from './auth-endpoints.ts'
import { chatEndpoints } from './chat-endpoints.ts'
import { coreEndpoints } from './core-endpoints.ts'
import { emailEndpoints } from './email-endpoints.ts'
import { notificationEndpoints } from './notification-endpoints.ts'
import { orderEndpoints } from './order-endpoints.ts'
import { profileEndpoints } from './profile-endpoints.ts'
import { promotionEndpoints } from './promotion-endpoints.ts'
import { telegramEndpoints } from './telegram-endpoints.ts'
import { verificationEndpoints } from './verification-endpoints.ts'
import { walletEndpoints } from './wallet-endpoints.ts'
import { workdayEndpoints } from './workday-endpoints.ts'

export * from './endpoint.ts'

/**
 * Every HTTP call of the product; nothing else builds URLs. The server and the tests use this record; the web app
 * imports each area's own (`orderEndpoints`, `coreEndpoints`…), so a screen loads only its area's schemas
 * (.dependency-cruiser.cjs: web-area-endpoints).
 */
export const endpoints = {
  ...coreEndpoints,
  ...authEndpoints,
  ...orderEndpoints,
  ...profileEndpoints,
  ...notificationEndpoints,
  ...chatEndpoints,
  ...walletEndpoints,
  ...promotionEndpoints,
  ...telegramEndpoints,
  ...emailEndpoints,
  ...verificationEndpoints,
  ...adminReportEndpoints,
  ...adminCatalogueEndpoints,
  ...adminContentEndpoints,
  ...workdayEndpoints,
} as const
