import { Trans, useLingui } from '@lingui/react/macro'
import { ScreenLayout } from './screen-layout.tsx'

/** A page that was never opened online has no copy on the device: say so instead of pretending it does not exist. */
export function NotSaved() {
  const { t } = useLingui()
  return (
    <ScreenLayout title={t`No internet connection`}>
      <p role="alert">
        <Trans>
          This page has not been saved on this device yet. Connect to the internet and open it again.
        </Trans>
      </p>
    </ScreenLayout>
  )
}
