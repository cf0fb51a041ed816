import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { DESCRIPTION_MAX, TITLE_MAX } from '#contract/schemas/specialists.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { userText } from '#src/lib/user-text.tsx'
import { editorApi, type ItemKind } from '../api.ts'
import { useKeptEdit } from '../use-kept-edit.ts'
import { useSave } from '../use-save.ts'
import { SaveBar } from './section.tsx'

/** A document or a work as the items section shows both: a title, a description and images. */
export type Item = { id: number; title: string; description: string | null; files: string[] }

type Fields = { title: string; description: string }
const EMPTY: Fields = { title: '', description: '' }

/**
 * The name/title and description of a document or work, kept on the device until saved: adding a new one
 * (`item` absent) or changing one in place (`item` given, prefilled with what the server has).
 */
function ItemForm({
  userId,
  kind,
  item,
  heading,
  label,
  onSaved,
  onCancel,
  children,
}: {
  userId: number
  kind: ItemKind
  item?: Item
  heading: ReactNode
  label: ReactNode
  onSaved: (saved: Item) => void
  onCancel?: () => void
  children?: ReactNode
}) {
  const { i18n } = useLingui()
  const id = useId()
  const saved = item ? { title: item.title, description: item.description ?? '' } : EMPTY
  const edit = useKeptEdit(`${userId}:${kind}-${item ? item.id : 'new'}`, saved)
  const save = useSave()
  const titleRef = useRef<HTMLInputElement>(null)
  const editing = item !== undefined
  // An item opened for editing takes the focus, so a keyboard user continues in its fields.
  useEffect(() => {
    if (editing) titleRef.current?.focus()
  }, [editing])
  const titleField = kind === 'documents' ? 'name' : 'title'
  const fieldError = (field: string) =>
    save.state.status === 'failed' ? save.state.fields[field]?.join(' ') : undefined
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save.run(async () => {
      const title = edit.value.title.trim()
      const description = edit.value.description.trim() || null
      const answer = item
        ? await editorApi.updateItem(kind, item.id, title, description)
        : await editorApi.addItem(kind, title, description)
      await edit.clear()
      if (!item) edit.update(EMPTY)
      onSaved(
        'name' in answer
          ? { id: answer.id, title: answer.name, description: answer.description, files: answer.files }
          : { id: answer.id, title: answer.title, description: answer.description, files: answer.photos },
      )
    })
  }
  return (
    <form className="editor-card" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="editor-card__title">
        {heading}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-title`} className="field__label">
          {kind === 'documents' ? <Trans>Document name</Trans> : <Trans>Title</Trans>}
        </label>
        <input
          id={`${id}-title`}
          ref={titleRef}
          className="field__input"
          maxLength={TITLE_MAX}
          required
          value={edit.value.title}
          aria-invalid={fieldError(titleField) ? true : undefined}
          aria-describedby={`${id}-title-count`}
          onChange={(event) => edit.update({ ...edit.value, title: event.target.value })}
        />
        <CharCount
          id={`${id}-title-count`}
          length={edit.value.title.length}
          max={TITLE_MAX}
          words={limitWords(i18n, edit.value.title.length, TITLE_MAX)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`} className="field__label">
          <Trans>Description</Trans>
        </label>
        <textarea
          id={`${id}-description`}
          className="field__input"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          value={edit.value.description}
          aria-invalid={fieldError('description') ? true : undefined}
          aria-describedby={`${id}-description-count`}
          onChange={(event) => edit.update({ ...edit.value, description: event.target.value })}
        />
        <CharCount
          id={`${id}-description-count`}
          length={edit.value.description.length}
          max={DESCRIPTION_MAX}
          words={limitWords(i18n, edit.value.description.length, DESCRIPTION_MAX)}
        />
      </div>
      {children}
      <SaveBar
        state={save.state}
        statusRef={save.statusRef}
        dirty={edit.dirty}
        restored={edit.restored}
        disabled={edit.value.title.trim().length < 2}
        label={label}
      />
      {onCancel && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void edit.clear().then(onCancel)}
        >
          <Trans>Cancel</Trans>
        </button>
      )}
    </form>
  )
}

/** The form that adds a certificate/diploma or a work at the end of the list. */
export function AddItem({
  userId,
  kind,
  onAdded,
}: {
  userId: number
  kind: ItemKind
  onAdded: (item: Item) => void
}) {
  return (
    <ItemForm
      userId={userId}
      kind={kind}
      heading={kind === 'documents' ? <Trans>Add a certificate or diploma</Trans> : <Trans>Add a work</Trans>}
      label={<Trans>Add</Trans>}
      onSaved={onAdded}
    >
      <p className="form__hint">
        <Trans>Photos are added once it is saved.</Trans>
      </p>
    </ItemForm>
  )
}

/**
 * One document or work opened for editing in place, prefilled with what the server has; saved with
 * `PUT /documents/{id}` or `PUT /works/{id}`. Cancel drops the kept edit and shows the item as it was.
 */
export function EditItem({
  userId,
  kind,
  item,
  onSaved,
  onCancel,
}: {
  userId: number
  kind: ItemKind
  item: Item
  onSaved: (item: Item) => void
  onCancel: () => void
}) {
  const title = userText(item.title)
  return (
    <ItemForm
      userId={userId}
      kind={kind}
      item={item}
      heading={<Trans>Editing “{title}”</Trans>}
      label={<Trans>Save</Trans>}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  )
}
