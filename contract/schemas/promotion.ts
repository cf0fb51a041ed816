import * as v from 'valibot'
import { PROMOTION_DAYS_MAX } from './plan-features.ts'

/** A master's profile promotion (docs/decisions/016-plan-features.md, "Promotion"). */
export const PromotionBodySchema = v.object({
  days: v.pipe(
    v.number('promotion_days_invalid'),
    v.integer('promotion_days_invalid'),
    v.minValue(1, 'promotion_days_invalid'),
    v.maxValue(PROMOTION_DAYS_MAX, 'promotion_days_invalid'),
  ),
})

export const PromotionSchema = v.object({
  promotion: v.nullable(
    v.object({
      starts_at: v.string(),
      ends_at: v.string(),
      /** False when its days have passed or the plan that allows it has ended: it is then not shown. */
      active: v.boolean(),
    }),
  ),
})
export type Promotion = v.InferOutput<typeof PromotionSchema>

/** The link a professional shares their profile with, and its line of text in the caller's language. */
export const ProfileShareSchema = v.object({ url: v.string(), text: v.string() })
export type ProfileShare = v.InferOutput<typeof ProfileShareSchema>
