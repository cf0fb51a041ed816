import type { DenyReason } from '#contract/schemas/verification.ts'
import { verificationEndpoints as endpoints } from '#contract/verification-endpoints.ts'
import { api } from '#src/lib/api.ts'

/** The moderation API (contract/verification-endpoints.ts): 403 to anyone but a moderator. */
export const adminApi = {
  /** Documents waiting for review, oldest first, after `cursor` when given; photo links work for 5 minutes. */
  queue: (cursor?: string) =>
    api.call(endpoints.adminVerifications, { query: cursor === undefined ? {} : { cursor } }),

  approve: (id: number) => api.call(endpoints.approveVerification, { params: { id } }),

  deny: (id: number, reason: DenyReason, text: string) =>
    api.call(endpoints.denyVerification, { params: { id }, body: { reason, text } }),

  /** The audit log, newest first; `q` is a target (`user:7`) or an action (`verification.deny`). */
  audit: (q: string, cursor?: string) =>
    api.call(endpoints.audit, {
      query: { ...(q !== '' && { q }), ...(cursor !== undefined && { cursor }) },
    }),
}
