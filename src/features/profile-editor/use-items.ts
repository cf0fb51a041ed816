/**
 * The state of the profile editor's certificates or portfolio section: its items as the server has them, which
 * one is being edited or was just saved, the upload in progress, and the actions (reorder, add images, delete)
 * with the focus and the screen reader's announcement each one moves.
 */
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import {
  FILES_PER_ITEM_MAX,
  type PortfolioWork,
  type ProfileDocument,
} from '#contract/schemas/specialists.ts'
import { photoRefusal } from '#src/features/error-words/error-messages.ts'
import { compressImage } from '#src/lib/image-compression.ts'
import { uploadFile } from '#src/lib/upload-file.ts'
import { useFocusAfterCommit } from '#src/lib/use-focus-after-commit.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { editorApi, type ItemKind } from './api.ts'
import type { Item } from './components/item-form.tsx'
import { PHOTO } from './images.ts'
import { useFailureText } from './use-save.ts'

export const asItem = (item: ProfileDocument | PortfolioWork): Item =>
  'name' in item
    ? { id: item.id, title: item.name, description: item.description, files: item.files }
    : { id: item.id, title: item.title, description: item.description, files: item.photos }

/** A file going up to an item: its name and how much of it is sent. */
export type ItemUpload = { itemId: number; name: string; fraction: number }

export function useItems(kind: ItemKind, userId: number, limitBytes: number) {
  const { t, i18n } = useLingui()
  const failureText = useFailureText()
  const [items, setItems] = useState<Item[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [upload, setUpload] = useState<ItemUpload | null>(null)
  const [announce, setAnnounce] = useState('')
  const [editing, setEditing] = useState<number | null>(null)
  const [savedId, setSavedId] = useState<number | null>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const focusAfterCommit = useFocusAfterCommit(listRef)

  useEffect(() => {
    editorApi
      .items(kind, userId)
      .then((list) => setItems(list.map(asItem)))
      .catch((failure: unknown) => setError(failureText(failure)))
  }, [kind, userId, failureText])

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

  const startEditing = (item: Item) => {
    setSavedId(null)
    setEditing(item.id)
  }

  /** Closes an item's editor: focus goes to its "Saved" line, or back to its Edit button after Cancel. */
  const closeEditor = (item: Item, saved: boolean) => {
    if (saved) replace(item)
    setEditing(null)
    setSavedId(saved ? item.id : null)
    focusAfterCommit(saved ? `[data-saved="${item.id}"]` : `[data-edit="${item.id}"]`)
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
        const refusal = photoRefusal(i18n, file, limitBytes)
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

  const removeFile = (item: Item, fileIndex: number) =>
    void act(async () => replace(asItem(await editorApi.deleteItemFile(kind, item.id, fileIndex))))

  const remove = (id: number) =>
    void act(async () => {
      await editorApi.deleteItem(kind, id)
      setItems((current) => (current ?? []).filter((kept) => kept.id !== id))
    })

  const added = (item: Item) => setItems((current) => [...(current ?? []), item])

  return {
    items,
    error,
    upload,
    announce,
    editing,
    savedId,
    listRef,
    startEditing,
    closeEditor,
    move,
    addFiles,
    removeFile,
    remove,
    added,
  }
}
