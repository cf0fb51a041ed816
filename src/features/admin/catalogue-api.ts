import { adminCatalogueEndpoints as endpoints } from '#contract/moderation-catalogue-endpoints.ts'
import { coreEndpoints } from '#contract/core-endpoints.ts'
import type { ApproveProposalBody } from '#contract/schemas/moderation.ts'
import { api } from '#src/lib/api.ts'

/** The console's proposed services and reviews (contract/moderation-catalogue-endpoints.ts): moderators only. */
export const catalogueAdminApi = {
  /** Proposed services waiting for a decision, oldest first, after `cursor` when given. */
  proposals: (cursor?: string) =>
    api.call(endpoints.adminProposals, { query: cursor === undefined ? {} : { cursor } }),

  approve: (id: number, body: ApproveProposalBody) =>
    api.call(endpoints.approveProposal, { params: { id }, body }),

  merge: (id: number, into: number) => api.call(endpoints.mergeProposal, { params: { id }, body: { into } }),

  reject: (id: number, reason: string) =>
    api.call(endpoints.rejectProposal, { params: { id }, body: { reason } }),

  /** Approved services of a category whose names match `search`: what a proposal may be merged into. */
  servicesOf: (category: string, search: string) =>
    api.call(coreEndpoints.services, { query: { category, search, perPage: '20' } }),

  /** Reviews newest first, hidden ones too; of one specialist when `specialist` is given. */
  reviews: (cursor?: string, specialist?: number) =>
    api.call(endpoints.adminReviews, {
      query: {
        ...(cursor !== undefined && { cursor }),
        ...(specialist !== undefined && { specialist: String(specialist) }),
      },
    }),

  hide: (id: number, reason: string) => api.call(endpoints.hideReview, { params: { id }, body: { reason } }),

  unhide: (id: number) => api.call(endpoints.unhideReview, { params: { id }, body: {} }),
}
