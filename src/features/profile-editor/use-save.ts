import { useLingui } from '@lingui/react/macro'
import { useCallback, useRef, useState } from 'react'
import { ApiError } from '#src/lib/api-client.ts'

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved' }
  | { status: 'failed'; message: string; fields: Record<string, string[]> }

/** Why a call failed, in words: the server's own message (already translated), or that the network is gone. */
export function useFailureText() {
  const { t } = useLingui()
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 0)
        return t`No connection to the server. What you typed is kept on this device: save again when you are online.`
      if (error instanceof ApiError && error.body) return error.body.error.message
      return t`It could not be saved. Try again.`
    },
    [t],
  )
}

/**
 * One save of a section: its state for the status line, and focus on that line when it is done, so a keyboard or
 * screen reader user hears "Saved" or why not, and continues from the section.
 */
export function useSave() {
  const [state, setState] = useState<SaveState>({ status: 'idle' })
  const statusRef = useRef<HTMLParagraphElement>(null)
  const failureText = useFailureText()
  const run = useCallback(
    async (save: () => Promise<unknown>) => {
      setState({ status: 'saving' })
      try {
        await save()
        setState({ status: 'saved' })
      } catch (error) {
        setState({
          status: 'failed',
          message: failureText(error),
          fields: error instanceof ApiError ? error.fields : {},
        })
      }
      requestAnimationFrame(() => statusRef.current?.focus())
    },
    [failureText],
  )
  const reset = useCallback(() => setState({ status: 'idle' }), [])
  return { state, run, statusRef, reset }
}
