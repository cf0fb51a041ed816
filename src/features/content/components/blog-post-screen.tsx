import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Markdown } from '#src/components/markdown.tsx'
import { NotFound } from '#src/components/not-found.tsx'
import { NotSaved } from '#src/components/not-saved.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { contentApi } from '../api/content-api.ts'
import { loadContentCatalog } from '../catalog.ts'
import { formatDate } from '#src/lib/format.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadContentCatalog()

/** One blog post; /blog/{slug} and /post/{slug} both show it. */
export function BlogPostScreen({ slug }: { slug: string }) {
  const post = useSaved(`blog:post:${slug}`, () => contentApi.blogPost(slug))
  if (post.status === 'failed') return post.offline ? <NotSaved /> : <NotFound />
  if (post.status === 'loading') {
    return (
      <p role="status" className="screen">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const { data } = post
  return (
    <ScreenLayout title={data.title} description={data.description}>
      {post.saved && <SavedNotice savedAt={post.savedAt} />}
      <p className="post-meta">
        <time dateTime={data.published_at}>{formatDate(data.published_at)}</time> ·{' '}
        <Link to="/blog/category/$category" params={{ category: data.category.slug }}>
          {data.category.name}
        </Link>
      </p>
      <Markdown>{data.body}</Markdown>
    </ScreenLayout>
  )
}
