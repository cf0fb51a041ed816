import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import type { ExecutorCard as Card } from '#contract/schemas/specialists.ts'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { PagedListStates, PagedRows } from '#src/components/paged-list.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { formatNumber } from '#src/lib/format.ts'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { executorsApi } from '../api/executors-api.ts'
import { loadExecutorsCatalog } from '../catalog.ts'
import { executorsQueryOf } from '../executors-query.ts'
import type { ExecutorsSearch } from '../executors-search.ts'
import { ExecutorCard } from './executor-card.tsx'
import { ExecutorsFilters } from './executors-filters.tsx'
import '../executors.css'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadExecutorsCatalog()

export const PER_PAGE = 12

/** /executors: find a specialist by name or service, category, district, rating and price, in any script. */
export function ExecutorsScreen() {
  const { t } = useLingui()
  // Through the hooks rather than Route.*, for the reason given in orders-list/components/orders-screen.tsx.
  const search = useSearch({ from: '/executors' })
  const navigate = useNavigate({ from: '/executors' })
  const catalogue = useSaved('categories:all', catalogueApi.categoriesWithServices)
  const regions = useSaved('districts', executorsApi.districts)
  const key = JSON.stringify(search)
  // The promoted specialists come with the first page of a search (docs/decisions/016-plan-features.md), kept
  // with the search they answer so another search never shows them.
  const [promoted, setPromoted] = useState<{ key: string; cards: Card[] }>({ key, cards: [] })
  const list = usePagedList<Card>(
    key,
    async (page, cursor) => {
      const answer = await executorsApi.page({
        ...executorsQueryOf(search, page, PER_PAGE),
        ...(cursor !== undefined && { cursor }),
      })
      // A first page saved on this device before promotions existed has none.
      if (page === 1 && cursor === undefined)
        setPromoted({ key, cards: (answer.data.promoted as Card[] | undefined) ?? [] })
      return {
        items: answer.data.collection,
        total: answer.data.meta.total,
        savedAt: answer.saved ? answer.savedAt : null,
        nextCursor: answer.data.meta.next_cursor,
      }
    },
    PER_PAGE,
  )

  const found = formatNumber(list.total)
  const promotedCards = promoted.key === key ? promoted.cards : []

  return (
    <ScreenLayout
      title={t`Specialists`}
      description={t`Specialists in Uzbekistan: find one by service and district, compare ratings, reviews and prices.`}
    >
      <ExecutorsFilters
        key={key}
        search={search}
        categories={catalogue.status === 'ready' ? catalogue.data : []}
        regions={regions.status === 'ready' ? regions.data : []}
        onApply={(filters: ExecutorsSearch) => void navigate({ search: filters })}
      />
      <PagedListStates
        list={list}
        loading={<Trans>Loading specialists…</Trans>}
        loadingClassName="executors__status"
        problemClassName="specialists-problem"
        offline={
          <Trans>No internet connection, and this search has not been saved on this device yet.</Trans>
        }
        failed={<Trans>The specialists could not be loaded.</Trans>}
      >
        {() => (
          <section aria-label={t`Search results`} className="executors">
            {list.savedAt !== null && <SavedNotice savedAt={list.savedAt} />}
            <PagedRows
              items={list.items}
              className="executors__list"
              empty={
                <p className="executors__empty">
                  <Trans>No executors for this service type</Trans>
                </p>
              }
              lead={
                <>
                  <p className="executors__total" role="status">
                    <Trans>Specialists found: {found}</Trans>
                  </p>
                  <PagedRows
                    items={promotedCards}
                    className="executors__list executors__promoted"
                    label={t`Promoted specialists`}
                    empty={null}
                    row={(executor) => <ExecutorCard executor={executor} promoted />}
                  />
                </>
              }
              row={(executor) => <ExecutorCard executor={executor} />}
            />
            <PagedListEnd
              list={list}
              problemClassName="specialists-problem"
              offline={<Trans>No internet connection: the next specialists could not be loaded.</Trans>}
              failed={<Trans>The next specialists could not be loaded.</Trans>}
              label={<Trans>Show more specialists</Trans>}
            />
          </section>
        )}
      </PagedListStates>
    </ScreenLayout>
  )
}
