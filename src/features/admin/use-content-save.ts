import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ApiError } from '#src/lib/api-error.ts'

/** The state of one save of the content editor: sending, saved, or why not (the server's words per field). */
export type SaveState = {
  busy: boolean
  /** What the last attempt came to, said politely: "Saved…" or nothing. */
  done: string | null
  failure: string | null
  /** The server's message per field (`title.en`, `slug`), for the fields to show. */
  fields: Record<string, string[]>
}

/** Runs `send` once at a time and keeps what it came to; the server's localized messages are shown as they are. */
export function useContentSave() {
  const { t } = useLingui()
  const [state, setState] = useState<SaveState>({ busy: false, done: null, failure: null, fields: {} })
  const run = async (send: () => Promise<unknown>, doneText: string) => {
    setState({ busy: true, done: null, failure: null, fields: {} })
    try {
      await send()
      setState({ busy: false, done: doneText, failure: null, fields: {} })
      return true
    } catch (error) {
      const failure =
        error instanceof ApiError && error.status === 0
          ? t`No internet connection: nothing was saved.`
          : error instanceof ApiError && error.body
            ? error.body.error.message
            : t`The change could not be saved. Try again.`
      setState({ busy: false, done: null, failure, fields: error instanceof ApiError ? error.fields : {} })
      return false
    }
  }
  return { ...state, run }
}
