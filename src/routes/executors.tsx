import { createFileRoute } from '@tanstack/react-router'
import { ExecutorsScreen } from '#src/features/executors/components/executors-screen.tsx'
import { parseExecutorsSearch } from '#src/features/executors/executors-search.ts'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// The screen lives in its feature so that its messages load with it (docs/decisions/007).
export const Route = createFileRoute('/executors')({
  validateSearch: parseExecutorsSearch,
  beforeLoad: guardRoute('executors'),
  component: ExecutorsScreen,
})
