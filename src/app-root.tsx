import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider, type AnyRouter } from '@tanstack/react-router'
import { StrictMode } from 'react'

/** The app as both the browser and the server's renderer draw it: one tree, so the two render the same markup. */
export function AppRoot({ router }: { router: AnyRouter }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>
  )
}
