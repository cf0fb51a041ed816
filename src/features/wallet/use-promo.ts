// A promo code on the wallet's plan form: typed, or brought by the page's address from the graduates' page, and
// checked with the server.
import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { Plan, PromoTerms } from '#contract/schemas/wallet.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { walletApi } from './wallet-api.ts'

export type PromoState =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; terms: PromoTerms }
  | { status: 'refused'; code: string; message: string }

/** The `promo` of the page's URL (`/wallet?promo=GRAD2026`, from the graduates' page), or ''. */
function usePromoFromUrl(): string {
  return useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>).promo
      return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
    },
  })
}

/**
 * The code as typed (`input`), what the server said of it (`promo`) and `check` to ask it; a code for one plan
 * chooses that plan (`choosePlan`). The code of the page's address is checked as the page opens.
 */
export function usePromo(choosePlan: (plan: Plan) => void) {
  const { t } = useLingui()
  const fromUrl = usePromoFromUrl()
  const [input, setInput] = useState(fromUrl)
  const [promo, setPromo] = useState<PromoState>(
    fromUrl ? { status: 'checking', code: fromUrl } : { status: 'none' },
  )

  /** Asks the server for a code's terms; a code for one plan chooses that plan. */
  const lookUp = (code: string) =>
    walletApi
      .promo(code)
      .then((terms) => {
        setPromo({ status: 'valid', terms })
        if (terms.plan) choosePlan(terms.plan)
      })
      .catch((error: unknown) =>
        setPromo({
          status: 'refused',
          code,
          message:
            error instanceof ApiError && error.body
              ? error.message
              : t`The promo code could not be checked. Try again.`,
        }),
      )
  const check = (typed: string) => {
    const code = typed.trim()
    if (!code) return setPromo({ status: 'none' })
    setPromo({ status: 'checking', code })
    void lookUp(code)
  }
  useEffect(() => {
    // Checked once, as the page opens with the code of the graduates' page.
    if (fromUrl) void lookUp(fromUrl)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromUrl])

  /** A new code is typed: what was said of the old one no longer holds. */
  const type = (typed: string) => {
    setInput(typed)
    setPromo({ status: 'none' })
  }
  return { input, type, promo, setPromo, check }
}
