import { Trans } from '@lingui/react/macro'
import { useCanGoBack, useRouter } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'

/** Back to the previous page of this visit, or home when the page was opened directly (spec section 2). */
export function BackButton() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  return (
    <button
      type="button"
      className="back-button"
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }))}
    >
      <ArrowLeft className="icon" /> <Trans>Back</Trans>
    </button>
  )
}
