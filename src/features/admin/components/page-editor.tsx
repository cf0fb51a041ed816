import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import type { AdminPage, ContentLocale } from '#contract/schemas/admin-content.ts'
import { contentApi } from '../content-api.ts'
import { useContentSave } from '../use-content-save.ts'
import { LocalizedTexts, type ContentTexts } from './localized-texts.tsx'
import { SaveOutcome } from './save-outcome.tsx'

type Listed = { slug: string; kind: 'page' | 'legal'; title: AdminPage['title'] }

/** Where visitors read a page: an information page at its own address, a legal document under /legal. */
const publicPath = (page: Pick<Listed, 'slug' | 'kind'>) =>
  page.kind === 'legal' ? `/legal/${page.slug}` : `/${page.slug}`

/** The information pages and legal documents: choose one, edit its texts in four languages, preview, save. */
export function PageEditor() {
  const { t, i18n } = useLingui()
  const [pages, setPages] = useState<Listed[] | 'failed' | null>(null)
  const [slug, setSlug] = useState('')
  const [texts, setTexts] = useState<ContentTexts | 'failed' | null>(null)
  const save = useContentSave()
  const titleOf = (page: Listed) => page.title[i18n.locale as ContentLocale] || page.title.ru

  useEffect(() => {
    contentApi.pages().then(
      (answer) => setPages(answer.collection),
      () => setPages('failed'),
    )
  }, [])
  useEffect(() => {
    if (!slug) return
    let current = true
    contentApi.page(slug).then(
      ({ title, description, body }) => current && setTexts({ title, description, body }),
      () => current && setTexts('failed'),
    )
    return () => {
      current = false
    }
  }, [slug])

  if (pages === 'failed')
    return (
      <p role="alert" className="form__error">
        <Trans>The pages could not be loaded.</Trans>
      </p>
    )
  if (pages === null)
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    )
  const chosen = pages.find((page) => page.slug === slug)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen || typeof texts !== 'object' || texts === null) return
    void save.run(
      () => contentApi.savePage(chosen.slug, texts),
      t`Saved: the public page shows the new text now.`,
    )
  }

  return (
    <div className="admin-editor">
      <div className="field">
        <label htmlFor="content-page" className="field__label">
          <Trans>Page or document</Trans>
        </label>
        <select
          id="content-page"
          className="field__input"
          value={slug}
          onChange={(event) => {
            setTexts(null)
            setSlug(event.target.value)
          }}
        >
          <option value="">{t`Choose…`}</option>
          <optgroup label={t`Information pages`}>
            {pages
              .filter((page) => page.kind === 'page')
              .map((page) => (
                <option key={page.slug} value={page.slug}>
                  {titleOf(page)} ({publicPath(page)})
                </option>
              ))}
          </optgroup>
          <optgroup label={t`Legal documents`}>
            {pages
              .filter((page) => page.kind === 'legal')
              .map((page) => (
                <option key={page.slug} value={page.slug}>
                  {titleOf(page)} ({publicPath(page)})
                </option>
              ))}
          </optgroup>
        </select>
      </div>
      {chosen && texts === 'failed' && (
        <p role="alert" className="form__error">
          <Trans>The page could not be loaded.</Trans>
        </p>
      )}
      {chosen && texts === null && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {chosen && typeof texts === 'object' && texts !== null && (
        <form className="admin-form" onSubmit={submit} noValidate>
          <LocalizedTexts key={chosen.slug} value={texts} onChange={setTexts} errors={save.fields} />
          <div className="form__actions">
            <button type="submit" className="button" disabled={save.busy}>
              <Trans>Save</Trans>
            </button>
            <a href={publicPath(chosen)} target="_blank" rel="noopener">
              <Trans>Open the public page</Trans>
            </a>
          </div>
          <SaveOutcome save={save} />
        </form>
      )}
    </div>
  )
}
