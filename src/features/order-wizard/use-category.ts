import { useEffect, useState } from 'react'
import type { Category } from '#contract/schemas/catalogue.ts'
import { ApiError } from '#src/lib/api-client.ts'
import type { Saved } from '#src/lib/saved-call.ts'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'

type State =
  | { status: 'loading' }
  /** `offline`: no network and no copy on the device, as opposed to an unknown category. */
  | { status: 'failed'; offline: boolean }
  | ({ status: 'ready' } & Saved<Category>)

/** The category of the order flow, from the network or, offline, as last seen on this device. */
export function useCategory(slug: string): State {
  const [state, setState] = useState<{ slug: string; value: State }>({ slug, value: { status: 'loading' } })
  useEffect(() => {
    let current = true
    catalogueApi
      .category(slug)
      .then((result) => current && setState({ slug, value: { status: 'ready', ...result } }))
      .catch(
        (error: unknown) =>
          current &&
          setState({
            slug,
            value: { status: 'failed', offline: error instanceof ApiError && error.status === 0 },
          }),
      )
    return () => {
      current = false
    }
  }, [slug])
  return state.slug === slug ? state.value : { status: 'loading' }
}
