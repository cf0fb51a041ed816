/** One certificate or portfolio work in its section's list: its text (or its editor), images and buttons. */
import { Trans, useLingui } from '@lingui/react/macro'
import { FILES_PER_ITEM_MAX } from '#contract/schemas/specialists.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import type { ItemKind } from '../api.ts'
import type { ItemUpload } from '../use-items.ts'
import { EditItem, type Item } from './item-form.tsx'

type ItemCardProps = {
  userId: number
  kind: ItemKind
  item: Item
  index: number
  count: number
  editing: boolean
  saved: boolean
  upload: ItemUpload | null
  onEdit: () => void
  onCloseEditor: (item: Item, saved: boolean) => void
  onRemoveFile: (fileIndex: number) => void
  onAddFiles: (files: File[]) => void
  onMove: (by: -1 | 1) => void
  onDelete: () => void
}

export function ItemCard(props: ItemCardProps) {
  const { userId, kind, item, editing, saved, upload, onCloseEditor, onRemoveFile } = props
  const { t } = useLingui()
  return (
    <li className="editor-card">
      {editing ? (
        <EditItem
          userId={userId}
          kind={kind}
          item={item}
          onSaved={(next) => onCloseEditor(next, true)}
          onCancel={() => onCloseEditor(item, false)}
        />
      ) : (
        <>
          <h3 className="editor-card__title">{item.title}</h3>
          {item.description && <p>{item.description}</p>}
          {saved && (
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
              <button type="button" className="link-button" onClick={() => onRemoveFile(fileIndex)}>
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
      <ItemActions {...props} />
    </li>
  )
}

/** Edit, add photos, up, down and delete: each button names its item for a screen reader. */
function ItemActions({
  kind,
  item,
  index,
  count,
  editing,
  upload,
  onEdit,
  onAddFiles,
  onMove,
  onDelete,
}: ItemCardProps) {
  const { t } = useLingui()
  return (
    <div className="form__actions">
      {!editing && (
        <button
          type="button"
          className="button button--secondary button--small"
          data-edit={item.id}
          aria-label={withUserText((text) => t`Edit “${text(item.title)}”`)}
          onClick={onEdit}
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
              onAddFiles(files)
            }}
          />
          <label htmlFor={`${kind}-files-${item.id}`} className="button button--secondary button--small">
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
        onClick={() => onMove(-1)}
      >
        <Trans>Up</Trans>
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        data-item={item.id}
        data-move={1}
        disabled={index === count - 1}
        aria-label={withUserText((text) => t`Move “${text(item.title)}” down`)}
        onClick={() => onMove(1)}
      >
        <Trans>Down</Trans>
      </button>
      <button
        type="button"
        className="link-button"
        aria-label={withUserText((text) => t`Delete “${text(item.title)}”`)}
        onClick={onDelete}
      >
        <Trans>Delete</Trans>
      </button>
    </div>
  )
}
