import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { draftStore, type OrderDraft } from './draft-store.ts'
import { useDraftAutosave } from './use-draft-autosave.ts'

type Options = {
  categorySlug: string
  /** The route's service chain, e.g. ['mastera-po-remontu', 'elektrika'] after the category. */
  serviceSlugs: string[]
  /** The route the customer is on now. */
  route: string
  draftId: string | undefined
  /** A new draft of this flow. */
  fresh: (id: string) => OrderDraft
}

/**
 * The draft of this flow instance, named by `?draft=` in the address so a reload finds it. Coming back without one
 * resumes the newest draft of the same services; `change` keeps every edit on the device within 300 ms.
 */
export function useOrderDraft({ categorySlug, serviceSlugs, route, draftId, fresh }: Options) {
  const navigate = useNavigate()
  const flowPath = `/${[categorySlug, ...serviceSlugs].join('/')}`
  const [state, setState] = useState<{ draft: OrderDraft; restored: boolean } | null>(null)
  // The draft as of the last change, read by the next change at once (a state updater may run later).
  const current = useRef<OrderDraft | null>(null)
  const autosave = useDraftAutosave()

  const openDraft = useCallback(
    (id: string) =>
      navigate({
        to: '/$categorySlug/$',
        params: { categorySlug, _splat: route.split('/').slice(2).join('/') },
        search: { draft: id },
        replace: true,
      }),
    [navigate, categorySlug, route],
  )

  useEffect(() => {
    let active = true
    const load = async () => {
      if (!draftId) {
        const latest = await draftStore.latestOf(flowPath)
        if (active) await openDraft(latest?.id ?? crypto.randomUUID())
        return
      }
      // Moving between the forms of one flow keeps the draft in hand.
      if (current.current?.id === draftId) return
      const saved = await draftStore.get(draftId)
      if (!active) return
      const draft = saved ?? fresh(draftId)
      current.current = draft
      setState({ draft, restored: Boolean(saved) })
    }
    void load()
    return () => {
      active = false
    }
    // `fresh` is a new closure each render; the draft id and the flow say when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftId, flowPath, openDraft])

  const change = useCallback(
    (patch: Partial<OrderDraft> | ((draft: OrderDraft) => Partial<OrderDraft>)) => {
      const base = current.current
      if (!base) return
      const changes = typeof patch === 'function' ? patch(base) : patch
      const draft = { ...base, route, ...changes, updatedAt: Date.now() }
      current.current = draft
      setState((previous) => previous && { ...previous, draft })
      autosave.save(draft)
    },
    [autosave, route],
  )

  /** Deletes the draft; later changes (a photo upload finishing) are no longer saved. */
  const remove = useCallback(async () => {
    autosave.cancel()
    const draft = current.current
    current.current = null
    if (draft) await draftStore.remove(draft.id)
  }, [autosave])

  const startOver = useCallback(() => openDraft(crypto.randomUUID()), [openDraft])

  return {
    draft: state && state.draft.id === draftId ? state.draft : null,
    restored: state?.restored ?? false,
    change,
    flush: autosave.flush,
    remove,
    startOver,
  }
}
