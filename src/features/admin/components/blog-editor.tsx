import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { AdminBlogPost, ContentLocale, LocalizedText } from '#contract/schemas/admin-content.ts'
import { contentApi } from '../content-api.ts'
import { BlogPostForm, type BlogCategory } from './blog-post-form.tsx'

type Listed = { slug: string; category: string; published_at: string | null; title: LocalizedText }
// `form` names one opening of the form: a save (a rename too) keeps it, so what the save said stays shown.
type Editing =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'new'; form: number }
  | { kind: 'post'; post: AdminBlogPost; form: number }

/** The blog: every post, drafts too, by address; a new one or one chosen opens in the form below the list. */
export function BlogEditor() {
  const { t, i18n } = useLingui()
  const [categories, setCategories] = useState<BlogCategory[] | null>(null)
  const [posts, setPosts] = useState<Listed[]>([])
  const [next, setNext] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const [editing, setEditing] = useState<Editing>({ kind: 'none' })
  const [notice, setNotice] = useState('')
  const titleOf = (text: LocalizedText) => text[i18n.locale as ContentLocale] || text.ru

  const loadMore = (cursor?: string) =>
    contentApi.blogPosts(cursor).then(
      (answer) => {
        setPosts((shown) => [...(cursor ? shown : []), ...answer.collection])
        setNext(answer.next_cursor)
      },
      () => setFailed(true),
    )
  useEffect(() => {
    contentApi.blogCategories().then(
      (answer) => setCategories(answer.collection),
      () => setFailed(true),
    )
    void loadMore()
  }, [])

  const [opened, setOpened] = useState(0)
  const open = (slug: string) => {
    setEditing({ kind: 'loading' })
    setOpened(opened + 1)
    contentApi.blogPost(slug).then(
      (post) => setEditing({ kind: 'post', post, form: opened + 1 }),
      () => {
        setFailed(true)
        setEditing({ kind: 'none' })
      },
    )
  }
  const saved = (post: AdminBlogPost, before: string | null) => {
    const row = {
      slug: post.slug,
      category: post.category,
      published_at: post.published_at,
      title: post.title,
    }
    setPosts((shown) =>
      before === null ? [...shown, row] : shown.map((one) => (one.slug === before ? row : one)),
    )
    setEditing((now) => ({ kind: 'post', post, form: 'form' in now ? now.form : opened }))
  }
  const deleted = (slug: string) => {
    setPosts((shown) => shown.filter((one) => one.slug !== slug))
    setEditing({ kind: 'none' })
    setNotice(t`The post was deleted.`)
  }

  if (failed)
    return (
      <p role="alert" className="form__error">
        <Trans>The blog could not be loaded.</Trans>
      </p>
    )
  if (categories === null)
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    )
  return (
    <div className="admin-editor">
      <p role="status" className="admin-notice">
        {notice}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setNotice('')
          setOpened(opened + 1)
          setEditing({ kind: 'new', form: opened + 1 })
        }}
      >
        <Trans>New post</Trans>
      </button>
      <ul className="admin-list" aria-label={t`Blog posts`}>
        {posts.map((post) => (
          <li key={post.slug} className="admin-list__row">
            <button type="button" className="admin-list__open" onClick={() => open(post.slug)}>
              {titleOf(post.title)}
            </button>
            <span className="admin-list__facts">
              /blog/{post.slug} · {post.published_at ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
            </span>
          </li>
        ))}
      </ul>
      {next && (
        <button type="button" className="button button--secondary" onClick={() => void loadMore(next)}>
          <Trans>Show more posts</Trans>
        </button>
      )}
      {editing.kind === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {(editing.kind === 'new' || editing.kind === 'post') && (
        <section className="admin-card" aria-labelledby="blog-post-heading">
          <h2 id="blog-post-heading" className="admin-card__title">
            {editing.kind === 'new' ? t`New post` : titleOf(editing.post.title)}
          </h2>
          <BlogPostForm
            key={editing.form}
            post={editing.kind === 'new' ? null : editing.post}
            categories={categories}
            onSaved={saved}
            onDeleted={deleted}
          />
        </section>
      )}
    </div>
  )
}
