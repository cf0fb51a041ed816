import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import type { Plan, PlanFeature } from '#contract/schemas/plan-features.ts'
import { editorApi } from './api.ts'

type PlanState =
  | { status: 'loading' }
  | { status: 'known'; plan: Plan | null; features: readonly PlanFeature[] }
  /** The wallet could not be read: nothing is locked here, the server answers `plan_required_*` if need be. */
  | { status: 'unknown' }

const PlanContext = createContext<PlanState>({ status: 'unknown' })

/**
 * The specialist's plan, read once (`GET /wallet`) when the editor opens, for the sections that show a lock
 * (docs/decisions/016). Only the editor loads it: the header and the member menu never import this module.
 */
export function PlanProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PlanState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    editorApi
      .wallet()
      .then((wallet) => live && setState({ status: 'known', plan: wallet.plan, features: wallet.features }))
      .catch(() => live && setState({ status: 'unknown' }))
    return () => {
      live = false
    }
  }, [])
  return <PlanContext value={state}>{children}</PlanContext>
}

/** The plan as the editor knows it: `locked(feature)` is true only when the plan is known to lack it. */
export function usePlan() {
  const state = useContext(PlanContext)
  return {
    loading: state.status === 'loading',
    plan: state.status === 'known' ? state.plan : null,
    locked: (feature: PlanFeature) => state.status === 'known' && !state.features.includes(feature),
  }
}
