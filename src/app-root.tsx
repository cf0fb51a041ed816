import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider, type AnyRouter } from '@tanstack/react-router'
import { StrictMode, useEffect } from 'react'

/**
 * The app as both the browser and the server's renderer draw it: one tree, so the two render the same markup.
 * Once the browser has drawn or taken over the page, `<html data-started>` says so: until then a page drawn on
 * the server is HTML that does not answer yet.
 */
export function AppRoot({ router }: { router: AnyRouter }) {
  useEffect(() => {
    document.documentElement.dataset.started = ''
  }, [])
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>
  )
}
