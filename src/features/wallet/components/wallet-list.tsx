// The scaffolding of the wallet's paged lists (the payments, the refused services): loading, why the list or its
// next page failed, the rows or what stands for none, and the way to more. Each list brings its words and its row.
import type { ReactNode } from 'react'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { PagedListStates, PagedRows } from '#src/components/paged-list.tsx'
import type { usePagedList } from '#src/lib/use-paged-list.ts'

/** What a wallet list says: loading, failed (offline or not), empty, its next page failed, and "show more". */
export type WalletListWords = Record<
  'loading' | 'offline' | 'failed' | 'empty' | 'nextOffline' | 'nextFailed' | 'more',
  ReactNode
>

export function WalletList<T extends { id: number }>({
  list,
  words,
  row,
}: {
  list: ReturnType<typeof usePagedList<T>>
  words: WalletListWords
  row: (item: T) => ReactNode
}) {
  return (
    <PagedListStates
      list={list}
      loading={words.loading}
      problemClassName="wallet__problem"
      retryClassName="button button--secondary"
      offline={words.offline}
      failed={words.failed}
    >
      {() => (
        <PagedRows
          items={list.items}
          className="wallet__transactions"
          rowClassName="wallet__transaction"
          empty={<p className="wallet__empty">{words.empty}</p>}
          row={row}
          end={
            <PagedListEnd
              list={list}
              problemClassName="wallet__problem"
              offline={words.nextOffline}
              failed={words.nextFailed}
              label={words.more}
            />
          }
        />
      )}
    </PagedListStates>
  )
}
