import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/faq')({
  beforeLoad: guardRoute('faq'),
  component: FaqScreen,
})

function FaqScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Questions and answers`}
      lead={t`Answers to the questions customers and specialists ask most.`}
    />
  )
}
