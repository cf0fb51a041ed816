import { createFileRoute } from '@tanstack/react-router'
import { BlogPostScreen as Post } from '#src/features/content/components/blog-post-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/post/$slug')({
  beforeLoad: guardRoute('post'),
  component: PostScreen,
})

function PostScreen() {
  const { slug } = Route.useParams()
  return <Post slug={slug} />
}
