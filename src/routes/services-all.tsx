import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/services-all')({
  validateSearch: (search) => v.parse(v.object({ category: v.optional(v.string()) }), search),
  beforeLoad: guardRoute('services-all'),
  component: ServicesAll,
})

function ServicesAll() {
  const { t } = useLingui()
  return <ScreenLayout title={t`All services`} lead={t`Every service of the marketplace, by category.`} />
}
