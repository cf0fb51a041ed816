import { createFileRoute } from '@tanstack/react-router'
import { BlogList } from '#src/features/content/components/blog-list.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/blog/')({
  beforeLoad: guardRoute('blog'),
  component: () => <BlogList />,
})
