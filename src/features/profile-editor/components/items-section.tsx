import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import { FREE_MEDIA_BYTES } from '#contract/schemas/plan-features.ts'
import { PlanLock } from '#src/features/plan-lock/plan-lock.tsx'
import { withUserText } from '#src/lib/user-text.tsx'
import type { ItemKind } from '../api.ts'
import { MAX_IMAGE_BYTES } from '../images.ts'
import { useItems } from '../use-items.ts'
import { usePlan } from '../use-plan.tsx'
import { Confirm } from './confirm.tsx'
import { ItemCard } from './item-card.tsx'
import { AddItem, type Item } from './item-form.tsx'
import { LoadStatus } from './load-status.tsx'
import { EditorSection } from './section.tsx'

/** Certificates and diplomas, or works of the portfolio: listed in order, added, reordered, deleted. */
export function ItemsSection({ profile, kind }: { profile: Profile; kind: ItemKind }) {
  const { t } = useLingui()
  const plan = usePlan()
  // Without a plan each file may be up to 2 MB (the server refuses a larger one: its answer shows here).
  const small = plan.locked('media_10mb')
  const limitMb = (small ? FREE_MEDIA_BYTES : MAX_IMAGE_BYTES) / 1024 / 1024
  const { items, error, listRef, ...list } = useItems(kind, profile.id, limitMb * 1024 * 1024)
  const [removing, setRemoving] = useState<Item | null>(null)

  const title = kind === 'documents' ? <Trans>Certificates and diplomas</Trans> : <Trans>Portfolio</Trans>
  return (
    <EditorSection
      id={kind}
      title={title}
      lead={!plan.loading && <Trans>Each file up to {limitMb} MB.</Trans>}
    >
      {small && (
        <PlanLock feature="media_10mb">
          <Trans>Files up to 10 MB:</Trans>
        </PlanLock>
      )}
      <LoadStatus loading={!items} error={error} />
      <p role="status" className="visually-hidden">
        {list.announce}
      </p>
      {items && items.length > 0 && (
        <ol className="editor-items" ref={listRef}>
          {items.map((item, index) => (
            <ItemCard
              key={item.id}
              userId={profile.id}
              kind={kind}
              item={item}
              index={index}
              count={items.length}
              editing={list.editing === item.id}
              saved={list.savedId === item.id}
              upload={list.upload}
              onEdit={() => list.startEditing(item)}
              onCloseEditor={list.closeEditor}
              onRemoveFile={(fileIndex) => list.removeFile(item, fileIndex)}
              onAddFiles={(files) => list.addFiles(item, files)}
              onMove={(by) => list.move(index, by)}
              onDelete={() => setRemoving(item)}
            />
          ))}
        </ol>
      )}
      <AddItem userId={profile.id} kind={kind} onAdded={list.added} />
      <Confirm
        open={removing !== null}
        title={withUserText((text) => t`Delete “${text(removing?.title ?? '')}”?`)}
        confirmLabel={t`Delete`}
        onConfirm={() => {
          const id = removing?.id
          setRemoving(null)
          if (id !== undefined) list.remove(id)
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>
          <Trans>It is deleted with its images.</Trans>
        </p>
      </Confirm>
    </EditorSection>
  )
}
