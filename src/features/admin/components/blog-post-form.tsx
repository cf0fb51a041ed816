import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import {
  BLOG_SLUG_MAX,
  type AdminBlogPost,
  type ContentLocale,
  type LocalizedText,
} from '#contract/schemas/admin-content.ts'
import { Modal } from '#src/components/modal.tsx'
import { contentApi } from '../content-api.ts'
import { useContentSave } from '../use-content-save.ts'
import { EMPTY_TEXTS, LocalizedTexts, type ContentTexts } from './localized-texts.tsx'
import { SaveOutcome } from './save-outcome.tsx'

export type BlogCategory = { slug: string; name: LocalizedText }

type Props = {
  /** The post being edited, or null for a new one. */
  post: AdminBlogPost | null
  categories: BlogCategory[]
  /** After a save: the post as stored, and the address it had before (a rename). */
  onSaved: (post: AdminBlogPost, before: string | null) => void
  onDeleted: (slug: string) => void
}

/** A blog post's address, category, state and texts; a saved post can be deleted after a confirmation. */
export function BlogPostForm({ post, categories, onSaved, onDeleted }: Props) {
  const { t, i18n } = useLingui()
  const [slug, setSlug] = useState(post?.slug ?? '')
  const [category, setCategory] = useState(post?.category ?? categories[0]?.slug ?? '')
  const [published, setPublished] = useState(post ? post.published_at !== null : false)
  const [texts, setTexts] = useState<ContentTexts>(post ?? EMPTY_TEXTS)
  const [confirming, setConfirming] = useState(false)
  const save = useContentSave()
  const idPrefix = post ? `post-${post.slug}` : 'post-new'
  const slugError = save.fields.slug?.[0]
  const categoryError = save.fields.category?.[0]
  const example = slug || 'spring-cleaning-tips'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body = { slug, category, published, ...texts }
    let stored: AdminBlogPost | undefined
    const saved = await save.run(
      async () => {
        stored = post ? await contentApi.saveBlogPost(post.slug, body) : await contentApi.createBlogPost(body)
      },
      published
        ? t`Saved and published: the blog shows it now.`
        : t`Saved as a draft: only moderators see it.`,
    )
    if (saved && stored) onSaved(stored, post?.slug ?? null)
  }

  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${idPrefix}-slug`} className="field__label">
          <Trans>Address of the post</Trans>
        </label>
        <input
          id={`${idPrefix}-slug`}
          className="field__input"
          value={slug}
          maxLength={BLOG_SLUG_MAX}
          required
          autoComplete="off"
          spellCheck={false}
          aria-invalid={slugError ? true : undefined}
          aria-describedby={`${idPrefix}-slug-hint${slugError ? ` ${idPrefix}-slug-error` : ''}`}
          onChange={(event) => setSlug(event.target.value.trim().toLowerCase())}
        />
        <p id={`${idPrefix}-slug-hint`} className="form__hint">
          <Trans>Latin letters, digits and hyphens: /blog/{example}</Trans>
        </p>
        {slugError && (
          <p id={`${idPrefix}-slug-error`} className="field__error">
            {slugError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-category`} className="field__label">
          <Trans>Category</Trans>
        </label>
        <select
          id={`${idPrefix}-category`}
          className="field__input"
          value={category}
          aria-invalid={categoryError ? true : undefined}
          onChange={(event) => setCategory(event.target.value)}
        >
          {categories.map((one) => (
            <option key={one.slug} value={one.slug}>
              {one.name[i18n.locale as ContentLocale] || one.name.ru}
            </option>
          ))}
        </select>
        {categoryError && <p className="field__error">{categoryError}</p>}
      </div>
      <div className="field field--check">
        <input
          id={`${idPrefix}-published`}
          type="checkbox"
          checked={published}
          onChange={(event) => setPublished(event.target.checked)}
        />
        <label htmlFor={`${idPrefix}-published`}>
          <Trans>Published: everyone can read it</Trans>
        </label>
      </div>
      <LocalizedTexts value={texts} onChange={setTexts} errors={save.fields} />
      <div className="form__actions">
        <button type="submit" className="button" disabled={save.busy}>
          {post ? <Trans>Save the post</Trans> : <Trans>Create the post</Trans>}
        </button>
        {post && (
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            <Trans>Delete the post</Trans>
          </button>
        )}
      </div>
      <SaveOutcome save={save} />
      {post && (
        <DeletePostDialog
          slug={post.slug}
          open={confirming}
          onClose={() => setConfirming(false)}
          onDeleted={() => {
            setConfirming(false)
            onDeleted(post.slug)
          }}
        />
      )}
    </form>
  )
}

type DeleteProps = { slug: string; open: boolean; onClose: () => void; onDeleted: () => void }

/** "Delete the post …?": it leaves the blog and the sitemap at once. */
function DeletePostDialog({ slug, open, onClose, onDeleted }: DeleteProps) {
  const { t } = useLingui()
  const removal = useContentSave()
  const remove = async () => {
    if (await removal.run(() => contentApi.deleteBlogPost(slug), t`The post was deleted.`)) onDeleted()
  }
  return (
    <Modal open={open} title={t`Delete the post “${slug}”?`} onClose={onClose}>
      <p>
        <Trans>It leaves the blog and the sitemap at once; this cannot be undone.</Trans>
      </p>
      <SaveOutcome save={removal} />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button" disabled={removal.busy} onClick={() => void remove()}>
          <Trans>Delete</Trans>
        </button>
      </div>
    </Modal>
  )
}
