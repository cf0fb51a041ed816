import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadGraduatesCatalog } from '#src/features/graduates/catalog.ts'
import { GraduatesScreen } from '#src/features/graduates/components/graduates-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/graduates')({
  beforeLoad: guardRoute('graduates'),
  component: GraduatesRoute,
})

/** The graduates' tariff page (src/features/graduates), loaded with its own chunk and messages. */
function GraduatesRoute() {
  return (
    <WithCatalog load={loadGraduatesCatalog}>
      <GraduatesScreen />
    </WithCatalog>
  )
}
