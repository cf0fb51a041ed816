import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { contentApi } from '../api/content-api.ts'
import { loadContentCatalog } from '../catalog.ts'
import { formatDate } from '#src/lib/format.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadContentCatalog()

/** The blog, or one category of it: the categories as links, then the posts, newest first. */
export function BlogList({ category }: { category?: string }) {
  const { t } = useLingui()
  const categories = useSaved('blog:categories', contentApi.blogCategories)
  const posts = useSaved(`blog:posts:${category ?? ''}`, () => contentApi.blogPosts(category))
  const categoryName =
    categories.status === 'ready' ? categories.data.find((item) => item.slug === category)?.name : undefined
  // A category the blog does not have is a missing page, as a missing post is: the 404 screen (and on the server,
  // the 404 status), never an empty list.
  if (category !== undefined && categories.status === 'ready' && categoryName === undefined)
    return <NotFound />
  return (
    <ScreenLayout
      title={categoryName ?? t`Blog`}
      description={t`Articles for customers and specialists: how to order, how to choose, how to earn more.`}
    >
      {posts.status === 'ready' && posts.saved && <SavedNotice savedAt={posts.savedAt} />}
      {categories.status === 'ready' && (
        <nav aria-label={t`Blog categories`} className="chips">
          <Link
            to="/blog"
            className="chip"
            activeOptions={{ exact: true }}
            activeProps={{ 'aria-current': 'page' }}
          >
            <Trans>All articles</Trans>
          </Link>
          {categories.data.map((item) => (
            <Link
              key={item.slug}
              to="/blog/category/$category"
              params={{ category: item.slug }}
              className="chip"
              activeProps={{ 'aria-current': 'page' }}
            >
              {item.name}
            </Link>
          ))}
        </nav>
      )}
      {posts.status === 'ready' ? (
        <ul className="post-list">
          {posts.data.map((post) => (
            <li key={post.slug}>
              <h2>
                <Link to="/blog/$slug" params={{ slug: post.slug }}>
                  {post.title}
                </Link>
              </h2>
              <p className="post-meta">
                <time dateTime={post.published_at}>{formatDate(post.published_at)}</time> ·{' '}
                {post.category.name}
              </p>
              <p>{post.description}</p>
            </li>
          ))}
        </ul>
      ) : posts.status === 'failed' ? (
        <p role="alert">
          <Trans>The articles could not be loaded. Check the connection and reload the page.</Trans>
        </p>
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
    </ScreenLayout>
  )
}
