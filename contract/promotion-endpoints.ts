import { ProfileShareSchema, PromotionBodySchema, PromotionSchema } from './schemas/promotion.ts'
import { V1, type Endpoint } from './endpoint.ts'

/**
 * What the master and professional plans add to a profile (docs/decisions/016-plan-features.md): promotion and the
 * share link. Each write answers 403 `plan_required_<plan>` without the plan.
 */
export const promotionEndpoints = {
  promotion: {
    method: 'GET',
    path: `${V1}/profile/promotion`,
    summary: "The caller's profile promotion, or null",
    tag: 'profile',
    auth: true,
    response: PromotionSchema,
  },
  startPromotion: {
    method: 'PUT',
    path: `${V1}/profile/promotion`,
    summary:
      'Promote the profile for 1 to 30 days from now (replacing a running promotion); needs the master plan or above',
    tag: 'profile',
    auth: true,
    body: PromotionBodySchema,
    response: PromotionSchema,
  },
  stopPromotion: {
    method: 'DELETE',
    path: `${V1}/profile/promotion`,
    summary: 'Stop the profile promotion now',
    tag: 'profile',
    auth: true,
    response: PromotionSchema,
  },
  profileShare: {
    method: 'GET',
    path: `${V1}/profile/share`,
    summary: "The caller's profile link and text to share; needs the professional plan",
    tag: 'profile',
    auth: true,
    response: ProfileShareSchema,
  },
} as const satisfies Record<string, Endpoint>
