import { Trans } from '@lingui/react/macro'
import { Suspense, type ReactNode } from 'react'
import { isModerator, useSession } from '#src/lib/session-store.ts'
import { NotFound } from './not-found.tsx'

/**
 * A screen of the moderation console (/admin): a moderator sees `children`, anyone else the page that is not there,
 * as if there were no console. `children` is a lazily imported screen, so nobody else's browser fetches a byte of
 * its code. Never indexed: the console has nothing for search engines. A guest never gets here (the route's guard
 * asks them to log in), and the server answers 403 to anyone but a moderator anyway.
 */
export function ModeratorsOnly({ children }: { children: ReactNode }) {
  const moderator = useSession(isModerator)
  return (
    <>
      <meta name="robots" content="noindex" />
      {moderator ? (
        <Suspense
          fallback={
            <p role="status" className="screen">
              <Trans>Loading…</Trans>
            </p>
          }
        >
          {children}
        </Suspense>
      ) : (
        <NotFound />
      )}
    </>
  )
}
