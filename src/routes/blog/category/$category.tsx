import { createFileRoute } from '@tanstack/react-router'
import { BlogList } from '#src/features/content/components/blog-list.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/blog/category/$category')({
  beforeLoad: guardRoute('blog_category'),
  component: BlogCategory,
})

function BlogCategory() {
  const { category } = Route.useParams()
  return <BlogList category={category} />
}
