import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ApiError } from '#src/lib/api-error.ts'

/** Why a decision was not saved: the server's own words when it said something, else what went wrong. */
export function useFailureText() {
  const { t } = useLingui()
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 0)
      return t`No internet connection: the decision was not saved.`
    if (error instanceof ApiError && error.body) return error.body.error.message
    return t`The decision could not be saved. Try again.`
  }
}

/** A decision being sent, and why the last attempt failed. */
export function useSending(send: () => Promise<void>) {
  const failureText = useFailureText()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const run = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await send()
    } catch (error) {
      setFailure(failureText(error))
      setBusy(false)
    }
  }
  return { busy, failure, run }
}
