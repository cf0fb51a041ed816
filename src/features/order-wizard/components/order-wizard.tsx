import { Trans, useLingui } from '@lingui/react/macro'
import { Navigate } from '@tanstack/react-router'
import type { Category } from '#contract/schemas/catalogue.ts'
import { NotFound } from '#src/components/not-found.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { withUserText } from '#src/lib/user-text.tsx'
import type { OrderDraft } from '../draft-store.ts'
import { emptyOrderForm } from '../order-form.ts'
import { serviceOfRoute, type ChosenService } from '../service-chain.ts'
import { useOrderDraft } from '../use-order-draft.ts'
import { DraftList } from './draft-list.tsx'
import { SelectStep } from './select-step.tsx'
import { WorkPlaceStep } from './work-place-step.tsx'
import '../order-wizard.css'

export type WizardForm = 'select' | 'work-place'

type OrderWizardProps = {
  category: Category
  serviceSlugs: string[]
  form: WizardForm | undefined
  draftId: string | undefined
}

/** The order flow of one service: choose sub-services (select), then the rest of the order (work-place). */
export function OrderWizard({ category, serviceSlugs, form, draftId }: OrderWizardProps) {
  const service = serviceOfRoute(category, serviceSlugs)
  if (!service) return <NotFound />
  // order.create (/{category}/{services}) starts the flow on the form the service needs.
  if (!form) {
    return (
      <Navigate
        to="/$categorySlug/$"
        params={{
          categorySlug: category.slug,
          _splat: [...serviceSlugs, service.children.length > 0 ? 'select' : 'work-place'].join('/'),
        }}
        search={draftId ? { draft: draftId } : {}}
        replace
      />
    )
  }
  return (
    <WizardFlow
      key={draftId ?? 'new'}
      category={category}
      service={service}
      serviceSlugs={serviceSlugs}
      form={form}
      draftId={draftId}
    />
  )
}

function freshDraft(id: string, category: Category, service: ChosenService, route: string): OrderDraft {
  const direct = service.children.length === 0
  return {
    id,
    route,
    flowPath: route.replace(/\/(select|work-place)$/, ''),
    categorySlug: category.slug,
    title: service.name,
    session: {
      parent_service_id: direct ? service.parentId : service.id,
      services: direct ? [service.slug] : [],
      category_slug: category.slug,
    },
    services: direct ? [service.id] : [],
    fields: emptyOrderForm(service.name),
    photos: [],
    pending: false,
    updatedAt: Date.now(),
  }
}

function WizardFlow({
  category,
  service,
  serviceSlugs,
  form,
  draftId,
}: {
  category: Category
  service: ChosenService
  serviceSlugs: string[]
  form: WizardForm
  draftId: string | undefined
}) {
  const { t } = useLingui()
  const route = `/${[category.slug, ...serviceSlugs, form].join('/')}`
  const draft = useOrderDraft({
    categorySlug: category.slug,
    serviceSlugs,
    route,
    draftId,
    fresh: (id) => freshDraft(id, category, service, route),
  })
  const title =
    form === 'select'
      ? service.name
      : withUserText((text) => t`New order: ${{ service: text(service.name) }}`)

  return (
    <ScreenLayout title={title} description={category.name}>
      {!draft.draft ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          {draft.restored && (
            <div className="wizard__restored" role="status">
              <p>
                <Trans>Your draft is restored: every field is as you left it.</Trans>
              </p>
              <button type="button" className="link-button" onClick={() => void draft.startOver()}>
                <Trans>Start a new order instead</Trans>
              </button>
            </div>
          )}
          {form === 'select' ? (
            <SelectStep
              draft={draft.draft}
              service={service}
              categorySlug={category.slug}
              serviceSlugs={serviceSlugs}
              onChange={draft.change}
              flush={draft.flush}
            />
          ) : (
            <WorkPlaceStep
              draft={draft.draft}
              service={service}
              categorySlug={category.slug}
              serviceSlugs={serviceSlugs}
              onChange={draft.change}
              flush={draft.flush}
              remove={draft.remove}
            />
          )}
          <DraftList categorySlug={category.slug} exceptId={draft.draft.id} />
        </>
      )}
    </ScreenLayout>
  )
}
