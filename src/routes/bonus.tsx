import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadBonusCatalog } from '#src/features/bonus/catalog.ts'
import { BonusScreen } from '#src/features/bonus/components/bonus-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/bonus')({
  beforeLoad: guardRoute('bonus'),
  component: BonusRoute,
})

/** Invites and bonus days (src/features/bonus), loaded with their own chunk and messages. */
function BonusRoute() {
  return (
    <WithCatalog load={loadBonusCatalog}>
      <BonusScreen />
    </WithCatalog>
  )
}
