import * as v from 'valibot'

/**
 * The steps of an accepted order's day, in their order (docs/decisions/031-workday.md). A step may skip the ones
 * before it (arrived without "on my way") but never come before one already taken.
 */
export const PROGRESS_STEPS = ['on_my_way', 'arrived', 'done'] as const
export type ProgressStep = (typeof PROGRESS_STEPS)[number]

/** "I will be there in N minutes", given with "on my way" only. */
export const ETA_MINUTES_MIN = 1
export const ETA_MINUTES_MAX = 600
/** How far ahead of the server's clock a phone's tap may be (clock skew), and how old a queued tap may be. */
export const TAPPED_AHEAD_MAX_S = 300
export const TAPPED_AGE_MAX_DAYS = 7

export const ProgressStepSchema = v.object({
  step: v.picklist(PROGRESS_STEPS),
  /** Minutes to arrival, with `on_my_way` when the specialist gave them. */
  eta_minutes: v.nullable(v.number()),
  /** When the specialist tapped it on their phone (ISO instant). */
  tapped_at: v.string(),
})
export type ProgressEntry = v.InferOutput<typeof ProgressStepSchema>

/**
 * `POST /orders/{id}/progress`: a tap of the accepted specialist. `client_key` (the outbox item's id) makes a replay
 * answer the first tap; `tapped_at` is when it was tapped, which a tap queued offline keeps.
 */
export const ProgressBodySchema = v.pipe(
  v.object({
    step: v.picklist(PROGRESS_STEPS, 'invalid_request'),
    eta_minutes: v.optional(
      v.nullable(
        v.pipe(
          v.number('eta_invalid'),
          v.integer('eta_invalid'),
          v.minValue(ETA_MINUTES_MIN, 'eta_invalid'),
          v.maxValue(ETA_MINUTES_MAX, 'eta_invalid'),
        ),
      ),
      null,
    ),
    client_key: v.pipe(
      v.string('client_key_invalid'),
      v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_key_invalid'),
    ),
    tapped_at: v.pipe(
      v.string('tapped_at_invalid'),
      v.maxLength(40, 'tapped_at_invalid'),
      v.isoTimestamp('tapped_at_invalid'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['step'], ['eta_minutes']],
      (body) => body.eta_minutes === null || body.step === 'on_my_way',
      'eta_only_on_my_way',
    ),
    ['eta_minutes'],
  ),
)
export type ProgressBody = v.InferOutput<typeof ProgressBodySchema>
export const ProgressResponseSchema = v.object({
  order_id: v.number(),
  progress: v.array(ProgressStepSchema),
})
export type ProgressResponse = v.InferOutput<typeof ProgressResponseSchema>
