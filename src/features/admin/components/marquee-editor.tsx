import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import {
  CONTENT_LOCALES,
  MARQUEE_ITEMS_MAX,
  MARQUEE_TEXT_MAX,
  type AdminMarqueeItem,
  type LocalizedText,
} from '#contract/schemas/admin-content.ts'
import { LOCALE_NAMES } from '#src/lib/locale.ts'
import { contentApi } from '../content-api.ts'
import { useContentSave } from '../use-content-save.ts'
import { EMPTY_TEXT, LANGUAGE_TAGS } from './localized-texts.tsx'
import { SaveOutcome } from './save-outcome.tsx'

/** An item's text in the four languages, one field each (they are a line long). */
function MarqueeTextFields(props: {
  id: string
  value: LocalizedText
  onChange: (value: LocalizedText) => void
  errors: Record<string, string[]>
}) {
  const { id, value, onChange, errors } = props
  return (
    <>
      {CONTENT_LOCALES.map((language) => {
        const error = errors[`title.${language}`]?.[0]
        const name = LOCALE_NAMES[language]
        return (
          <div className="field" key={language}>
            <label htmlFor={`${id}-${language}`} className="field__label">
              <Trans>Text ({name})</Trans>
            </label>
            <input
              id={`${id}-${language}`}
              className="field__input"
              lang={LANGUAGE_TAGS[language]}
              value={value[language]}
              maxLength={MARQUEE_TEXT_MAX}
              required={language === 'ru'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${language}-error` : undefined}
              onChange={(event) => onChange({ ...value, [language]: event.target.value })}
            />
            {error && (
              <p id={`${id}-${language}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
        )
      })}
    </>
  )
}

type ItemProps = {
  item: AdminMarqueeItem
  position: number
  count: number
  onMove: (from: number, to: number) => void
  onRemoved: (id: number) => void
}

/** One item of the strip: its texts, saved on their own; moved up or down; removed. */
function MarqueeItemForm({ item, position, count, onMove, onRemoved }: ItemProps) {
  const { t } = useLingui()
  const [title, setTitle] = useState(item.title)
  const save = useContentSave()
  const shown = title.ru || item.title.ru
  const number = position + 1
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run(() => contentApi.saveMarqueeItem(item.id, { title }), t`Saved: the marquee shows it now.`)
  }
  const remove = async () => {
    if (await save.run(() => contentApi.deleteMarqueeItem(item.id), '')) onRemoved(item.id)
  }
  return (
    <li className="admin-card">
      <form onSubmit={submit} noValidate aria-label={t`Item ${number}: ${shown}`}>
        <MarqueeTextFields id={`marquee-${item.id}`} value={title} onChange={setTitle} errors={save.fields} />
        <div className="form__actions">
          <button type="submit" className="button" disabled={save.busy}>
            <Trans>Save</Trans>
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={position === 0}
            aria-label={t`Move up: ${shown}`}
            onClick={() => onMove(position, position - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={position === count - 1}
            aria-label={t`Move down: ${shown}`}
            onClick={() => onMove(position, position + 1)}
          >
            ↓
          </button>
          <button type="button" className="button button--secondary" onClick={() => void remove()}>
            <Trans>Remove</Trans>
          </button>
        </div>
        <SaveOutcome save={save} />
      </form>
    </li>
  )
}

/** The marquee (the site's news strip): its items in order, each edited, moved or removed, and a new one. */
export function MarqueeEditor() {
  const { t } = useLingui()
  const [items, setItems] = useState<AdminMarqueeItem[] | 'failed' | null>(null)
  const [draft, setDraft] = useState<LocalizedText>(EMPTY_TEXT)
  const adding = useContentSave()
  const ordering = useContentSave()

  useEffect(() => {
    contentApi.marquee().then(
      (answer) => setItems(answer.collection),
      () => setItems('failed'),
    )
  }, [])

  if (items === 'failed')
    return (
      <p role="alert" className="form__error">
        <Trans>The marquee could not be loaded.</Trans>
      </p>
    )
  if (items === null)
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    )

  const move = (from: number, to: number) => {
    const next = [...items]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    void ordering.run(
      async () => {
        setItems((await contentApi.reorderMarquee(next.map((item) => item.id))).collection)
      },
      t`The new order is saved.`,
    )
  }
  const add = async (event: FormEvent) => {
    event.preventDefault()
    let created: AdminMarqueeItem | undefined
    const done = await adding.run(
      async () => {
        created = await contentApi.createMarqueeItem({ title: draft })
      },
      t`Added at the end of the marquee.`,
    )
    if (done && created) {
      setItems([...items, created])
      setDraft(EMPTY_TEXT)
    }
  }

  return (
    <div className="admin-editor">
      <SaveOutcome save={ordering} />
      <ol className="admin-queue" aria-label={t`Marquee items`}>
        {items.map((item, position) => (
          <MarqueeItemForm
            key={item.id}
            item={item}
            position={position}
            count={items.length}
            onMove={move}
            onRemoved={(id) => setItems(items.filter((one) => one.id !== id))}
          />
        ))}
      </ol>
      <section className="admin-card" aria-labelledby="marquee-new-heading">
        <h2 id="marquee-new-heading" className="admin-card__title">
          <Trans>New item</Trans>
        </h2>
        <form onSubmit={(event) => void add(event)} noValidate>
          <MarqueeTextFields id="marquee-new" value={draft} onChange={setDraft} errors={adding.fields} />
          <p className="form__hint">
            <Trans>At most {MARQUEE_ITEMS_MAX} items; a language left empty shows the Russian text.</Trans>
          </p>
          <button type="submit" className="button" disabled={adding.busy}>
            <Trans>Add to the marquee</Trans>
          </button>
          <SaveOutcome save={adding} />
        </form>
      </section>
    </div>
  )
}
