import { createFileRoute } from '@tanstack/react-router'
import { BlogPostScreen as Post } from '#src/features/content/components/blog-post-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/blog/$slug')({
  beforeLoad: guardRoute('blog_item'),
  component: BlogPostScreen,
})

function BlogPostScreen() {
  const { slug } = Route.useParams()
  return <Post slug={slug} />
}
