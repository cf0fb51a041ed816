import type { Endpoint } from './endpoint.ts'
import {
  AdminReviewSchema,
  AdminReviewsQuerySchema,
  AdminReviewsResponseSchema,
  ApproveProposalBodySchema,
  HideReviewBodySchema,
  MergeProposalBodySchema,
  ModerationParamsSchema,
  ProposalDecisionSchema,
  ProposalsQuerySchema,
  ProposalsResponseSchema,
  RejectProposalBodySchema,
  UnhideReviewBodySchema,
} from './schemas/moderation.ts'
import { ADMIN_API } from './verification-endpoints.ts'

/**
 * The moderation console's proposed services and reviews (docs/decisions/030-proposed-services-and-hidden-reviews.md): 401 to a guest, 403 to anyone but
 * a moderator. Each decision is written to the audit log with its reason.
 */
export const adminCatalogueEndpoints = {
  adminProposals: {
    method: 'GET',
    path: `${ADMIN_API}/services`,
    summary: 'Moderators: services people proposed, waiting for a decision, oldest first',
    tag: 'admin',
    auth: true,
    query: ProposalsQuerySchema,
    response: ProposalsResponseSchema,
  },
  approveProposal: {
    method: 'POST',
    path: `${ADMIN_API}/services/{id}/approve`,
    summary:
      'Moderators: the proposal joins the catalogue with its name in the four languages and its address; the proposer is told',
    tag: 'admin',
    auth: true,
    params: ModerationParamsSchema,
    body: ApproveProposalBodySchema,
    response: ProposalDecisionSchema,
  },
  mergeProposal: {
    method: 'POST',
    path: `${ADMIN_API}/services/{id}/merge`,
    summary:
      'Moderators: the proposal is the same as an approved service of its category, which takes whatever pointed at it; the proposer is told',
    tag: 'admin',
    auth: true,
    params: ModerationParamsSchema,
    body: MergeProposalBodySchema,
    response: ProposalDecisionSchema,
  },
  rejectProposal: {
    method: 'POST',
    path: `${ADMIN_API}/services/{id}/reject`,
    summary: 'Moderators: the proposal is refused with a reason, which the proposer is told',
    tag: 'admin',
    auth: true,
    params: ModerationParamsSchema,
    body: RejectProposalBodySchema,
    response: ProposalDecisionSchema,
  },
  adminReviews: {
    method: 'GET',
    path: `${ADMIN_API}/reviews`,
    summary: "Moderators: reviews newest first, hidden ones too; `specialist` narrows to one specialist's",
    tag: 'admin',
    auth: true,
    query: AdminReviewsQuerySchema,
    response: AdminReviewsResponseSchema,
  },
  hideReview: {
    method: 'POST',
    path: `${ADMIN_API}/reviews/{id}/hide`,
    summary:
      "Moderators: a review that breaks the rules is hidden everywhere, with a reason; the specialist's rating is counted again",
    tag: 'admin',
    auth: true,
    params: ModerationParamsSchema,
    body: HideReviewBodySchema,
    response: AdminReviewSchema,
  },
  unhideReview: {
    method: 'POST',
    path: `${ADMIN_API}/reviews/{id}/unhide`,
    summary: "Moderators: a hidden review is shown again; the specialist's rating is counted again",
    tag: 'admin',
    auth: true,
    params: ModerationParamsSchema,
    body: UnhideReviewBodySchema,
    response: AdminReviewSchema,
  },
} as const satisfies Record<string, Endpoint>
