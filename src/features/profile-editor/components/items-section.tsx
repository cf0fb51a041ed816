import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import {
  FILES_PER_ITEM_MAX,
  type PortfolioWork,
  type ProfileDocument,
} from '#contract/schemas/specialists.ts'
import { FREE_MEDIA_BYTES } from '#contract/schemas/plan-features.ts'
import { photoRefusal } from '#src/features/error-words/error-messages.ts'
import { PlanLock } from '#src/features/plan-lock/plan-lock.tsx'
import { compressImage } from '#src/lib/image-compression.ts'
import { uploadFile } from '#src/lib/upload-file.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { editorApi, type ItemKind } from '../api.ts'
import { usePlan } from '../use-plan.tsx'
import { MAX_IMAGE_BYTES, PHOTO } from '../images.ts'
import { useFailureText } from '../use-save.ts'
import { Confirm } from './confirm.tsx'
import { AddItem, EditItem, type Item } from './item-form.tsx'
import { EditorSection } from './section.tsx'

const asItem = (item: ProfileDocument | PortfolioWork): Item =>
  'name' in item
    ? { id: item.id, title: item.name, description: item.description, files: item.files }
    : { id: item.id, title: item.title, description: item.description, files: item.photos }

type Upload = { itemId: number; name: string; fraction: number }

/** Certificates and diplomas, or works of the portfolio: listed in order, added, reordered, deleted. */
export function ItemsSection({ profile, kind }: { profile: Profile; kind: ItemKind }) {
  const { t, i18n } = useLingui()
  const failureText = useFailureText()
  const [items, setItems] = useState<Item[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [upload, setUpload] = useState<Upload | null>(null)
  const [removing, setRemoving] = useState<Item | null>(null)
  const [announce, setAnnounce] = useState('')
  const [editing, setEditing] = useState<number | null>(null)
  const [savedId, setSavedId] = useState<number | null>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const plan = usePlan()
  // Without a plan each file may be up to 2 MB (the server refuses a larger one: its answer shows here).
  const small = plan.locked('media_10mb')
  const limitMb = (small ? FREE_MEDIA_BYTES : MAX_IMAGE_BYTES) / 1024 / 1024

  useEffect(() => {
    editorApi
      .items(kind, profile.id)
      .then((list) => setItems(list.map(asItem)))
      .catch((failure: unknown) => setError(failureText(failure)))
  }, [kind, profile.id, failureText])

  const act = async (action: () => Promise<void>) => {
    setError(null)
    try {
      await action()
    } catch (failure) {
      setError(failureText(failure))
    }
  }
  const replace = (next: Item) =>
    setItems((current) => (current ?? []).map((kept) => (kept.id === next.id ? next : kept)))

  /** Closes an item's editor: focus goes to its "Saved" line, or back to its Edit button after Cancel. */
  const closeEditor = (item: Item, saved: boolean) => {
    if (saved) replace(item)
    setEditing(null)
    setSavedId(saved ? item.id : null)
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector<HTMLElement>(saved ? `[data-saved="${item.id}"]` : `[data-edit="${item.id}"]`)
        ?.focus(),
    )
  }

  const move = (index: number, by: -1 | 1) =>
    void act(async () => {
      const list = [...(items ?? [])]
      const [item] = list.splice(index, 1)
      if (!item) return
      list.splice(index + by, 0, item)
      const saved = (
        await editorApi.reorder(
          kind,
          list.map((kept) => kept.id),
        )
      ).map(asItem)
      setItems(saved)
      const position = index + by + 1
      setAnnounce(withUserText((text) => t`“${text(item.title)}” is now number ${position}`))
      // At the first or last place the pressed button is disabled: focus goes to the other way's button.
      requestAnimationFrame(() => {
        const button = (move: number) =>
          listRef.current?.querySelector<HTMLButtonElement>(
            `[data-item="${item.id}"][data-move="${move}"]:not(:disabled)`,
          )
        ;(button(by) ?? button(-by))?.focus()
      })
    })

  const addFiles = (item: Item, files: File[]) =>
    void act(async () => {
      for (const file of files.slice(0, FILES_PER_ITEM_MAX - item.files.length)) {
        const refusal = photoRefusal(i18n, file, limitMb * 1024 * 1024)
        if (refusal) return setError(refusal)
        setUpload({ itemId: item.id, name: file.name, fraction: 0 })
        const blob = (await compressImage(file, PHOTO)) ?? file
        try {
          const updated = await uploadFile<ProfileDocument | PortfolioWork>(
            editorApi.itemFilesPath(kind),
            { id: item.id },
            { blob, name: file.name },
            (fraction) => setUpload({ itemId: item.id, name: file.name, fraction }),
          )
          replace(asItem(updated))
        } finally {
          setUpload(null)
        }
      }
    })

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
      {!items && !error && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {announce}
      </p>
      {items && items.length > 0 && (
        <ol className="editor-items" ref={listRef}>
          {items.map((item, index) => (
            <li key={item.id} className="editor-card">
              {editing === item.id ? (
                <EditItem
                  userId={profile.id}
                  kind={kind}
                  item={item}
                  onSaved={(saved) => closeEditor(saved, true)}
                  onCancel={() => closeEditor(item, false)}
                />
              ) : (
                <>
                  <h3 className="editor-card__title">{item.title}</h3>
                  {item.description && <p>{item.description}</p>}
                  {savedId === item.id && (
                    <p
                      data-saved={item.id}
                      tabIndex={-1}
                      role="status"
                      className="editor-status editor-status--saved"
                    >
                      <Trans>Saved</Trans>
                    </p>
                  )}
                </>
              )}
              {item.files.length > 0 && (
                <ul className="photo-thumbs">
                  {item.files.map((file, fileIndex) => (
                    <li key={file}>
                      <img
                        src={file}
                        alt={withUserText((text) => t`${text(item.title)}, ${fileIndex + 1}`)}
                        width={96}
                        height={96}
                        className="photo-thumbs__image"
                      />
                      <button
                        type="button"
                        className="link-button"
                        onClick={() =>
                          void act(async () =>
                            replace(asItem(await editorApi.deleteItemFile(kind, item.id, fileIndex))),
                          )
                        }
                      >
                        <Trans>Remove image {fileIndex + 1}</Trans>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {upload?.itemId === item.id && (
                <progress
                  max={1}
                  value={upload.fraction}
                  className="editor-progress"
                  aria-label={withUserText((text) => t`Uploading ${text(upload.name)}`)}
                />
              )}
              <div className="form__actions">
                {editing !== item.id && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    data-edit={item.id}
                    aria-label={withUserText((text) => t`Edit “${text(item.title)}”`)}
                    onClick={() => {
                      setSavedId(null)
                      setEditing(item.id)
                    }}
                  >
                    <Trans>Edit</Trans>
                  </button>
                )}
                {item.files.length < FILES_PER_ITEM_MAX && (
                  <>
                    <input
                      id={`${kind}-files-${item.id}`}
                      type="file"
                      accept="image/*"
                      multiple
                      className="visually-hidden"
                      aria-label={withUserText((text) => t`Add photos to “${text(item.title)}”`)}
                      disabled={upload !== null}
                      onChange={(event) => {
                        const files = [...(event.target.files ?? [])]
                        event.target.value = ''
                        addFiles(item, files)
                      }}
                    />
                    <label
                      htmlFor={`${kind}-files-${item.id}`}
                      className="button button--secondary button--small"
                    >
                      <Trans>Add photos</Trans>
                    </label>
                  </>
                )}
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-item={item.id}
                  data-move={-1}
                  disabled={index === 0}
                  aria-label={withUserText((text) => t`Move “${text(item.title)}” up`)}
                  onClick={() => move(index, -1)}
                >
                  <Trans>Up</Trans>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-item={item.id}
                  data-move={1}
                  disabled={index === items.length - 1}
                  aria-label={withUserText((text) => t`Move “${text(item.title)}” down`)}
                  onClick={() => move(index, 1)}
                >
                  <Trans>Down</Trans>
                </button>
                <button
                  type="button"
                  className="link-button"
                  aria-label={withUserText((text) => t`Delete “${text(item.title)}”`)}
                  onClick={() => setRemoving(item)}
                >
                  <Trans>Delete</Trans>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <AddItem
        userId={profile.id}
        kind={kind}
        onAdded={(item) => setItems((current) => [...(current ?? []), item])}
      />
      <Confirm
        open={removing !== null}
        title={withUserText((text) => t`Delete “${text(removing?.title ?? '')}”?`)}
        confirmLabel={t`Delete`}
        onConfirm={() => {
          const id = removing?.id
          setRemoving(null)
          if (id === undefined) return
          void act(async () => {
            await editorApi.deleteItem(kind, id)
            setItems((current) => (current ?? []).filter((kept) => kept.id !== id))
          })
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
