import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { planUnlocking, type Plan, type PlanFeature } from '#contract/schemas/plan-features.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { loadPlanLockCatalog } from './catalog.ts'
import './plan-lock.css'

// The profile editor and the share dialog show locks; these messages load with whichever comes first
// (docs/decisions/007).
await loadPlanLockCatalog()

/** The plan named by a `plan_required_<plan>` answer (docs/decisions/016), or null for any other failure. */
export function planRequiredBy(error: unknown): Plan | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null
  const match = /^plan_required_(starter|master|professional)$/.exec(error.code)
  return (match?.[1] as Plan | undefined) ?? null
}

/** A plan's name in the current language. */
export function usePlanName() {
  const { t } = useLingui()
  const names: Record<Plan, string> = {
    starter: t`Starter`,
    master: t`Master`,
    professional: t`Professional`,
  }
  return (plan: Plan) => names[plan]
}

type PlanLockProps = {
  /** The locked feature: the lock names the cheapest plan that unlocks it. */
  feature: PlanFeature
  /** Or the plan a server's `plan_required_<plan>` answer named. */
  plan?: Plan | null | undefined
  /** What the feature does or what is locked, before the plan's name. */
  children?: ReactNode
  /** Called when the person follows the link (a dialog closes itself). */
  onChoose?: () => void
}

/**
 * Says in words which plan unlocks a feature ("Available with the “Master” plan") and links to the wallet to
 * choose one. The lock icon is decoration: the text says it all, and the link is an ordinary focusable link.
 */
export function PlanLock({ feature, plan, children, onChoose }: PlanLockProps) {
  const planName = usePlanName()
  const name = planName(plan ?? planUnlocking(feature))
  return (
    <div className="plan-lock" data-testid={`plan-lock-${feature}`}>
      <Lock className="plan-lock__icon" aria-hidden="true" />
      <div className="plan-lock__body">
        {children && <p className="plan-lock__text">{children}</p>}
        <p className="plan-lock__title">
          <Trans>Available with the “{name}” plan</Trans>
        </p>
        <Link to="/wallet" className="button button--secondary button--small" onClick={onChoose}>
          <Trans>Choose a plan</Trans>
        </Link>
      </div>
    </div>
  )
}
