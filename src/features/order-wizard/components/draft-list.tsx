import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { formatDateTime } from '#src/lib/format.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { draftStore } from '../draft-store.ts'

type DraftListProps = { categorySlug?: string; exceptId?: string }

/** "Your drafts": orders started on this device, newest first, to resume or delete. */
export function DraftList({ categorySlug, exceptId }: DraftListProps) {
  const { t } = useLingui()
  const drafts = useLiveQuery(() => draftStore.list(categorySlug), [categorySlug])
  const shown = drafts?.filter((draft) => draft.id !== exceptId) ?? []
  if (shown.length === 0) return null
  return (
    <section className="drafts" aria-labelledby="drafts-title">
      <h2 id="drafts-title">
        <Trans>Your drafts</Trans>
      </h2>
      <ul className="drafts__list">
        {shown.map((draft) => {
          const name =
            typeof draft.fields.name === 'string' && draft.fields.name ? draft.fields.name : draft.title
          const [categorySlugOf, ...rest] = draft.route.split('/').filter(Boolean)
          return (
            <li key={draft.id} className="drafts__item">
              <Link
                to="/$categorySlug/$"
                params={{ categorySlug: categorySlugOf ?? draft.categorySlug, _splat: rest.join('/') }}
                search={{ draft: draft.id }}
              >
                {name}
              </Link>
              <span className="post-meta">
                {' '}
                {formatDateTime(draft.updatedAt)}
                {draft.pending && (
                  <>
                    {' · '}
                    <Trans>waiting for the network</Trans>
                  </>
                )}
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={withUserText((text) => t`Delete the draft “${{ name: text(name) }}”`)}
                onClick={() => void draftStore.remove(draft.id)}
              >
                <Trans>Delete</Trans>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
