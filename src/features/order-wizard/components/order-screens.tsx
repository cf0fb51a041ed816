import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { NotFound } from '#src/components/not-found.tsx'
import { NotSaved } from '#src/components/not-saved.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import type { Category } from '#contract/schemas/catalogue.ts'
import { useCategory } from '../use-category.ts'
import { DraftList } from './draft-list.tsx'
import { OrderWizard, type WizardForm } from './order-wizard.tsx'
import { loadOrderWizardCatalog } from '../catalog.ts'

// The wizard's messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves only once
// they are loaded, so no step ever shows untranslated text.
await loadOrderWizardCatalog()

function WithCategory({ slug, children }: { slug: string; children: (category: Category) => ReactNode }) {
  const category = useCategory(slug)
  if (category.status === 'failed') return category.offline ? <NotSaved /> : <NotFound />
  if (category.status === 'loading') {
    return (
      <p role="status" className="screen">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  return (
    <>
      {category.saved && <SavedNotice savedAt={category.savedAt} />}
      {children(category.data)}
    </>
  )
}

type OrderWizardScreenProps = {
  categorySlug: string
  serviceSlugs: string[]
  form: WizardForm | undefined
  draftId: string | undefined
}

/** order.create and order.update: the wizard of the services the address names. */
export function OrderWizardScreen({ categorySlug, serviceSlugs, form, draftId }: OrderWizardScreenProps) {
  return (
    <WithCategory slug={categorySlug}>
      {(category) => (
        <OrderWizard category={category} serviceSlugs={serviceSlugs} form={form} draftId={draftId} />
      )}
    </WithCategory>
  )
}

/** order.index: the customer's drafts of a category, then its services to start a new order with. */
export function OrderIndexScreen({ categorySlug }: { categorySlug: string }) {
  return (
    <WithCategory slug={categorySlug}>
      {(category) => (
        <ScreenLayout
          title={category.name}
          description={category.subtitle}
          lead={<Trans>Choose a service of this category to start your order.</Trans>}
        >
          <DraftList categorySlug={category.slug} />
          <ul className="service-list">
            {(category.services ?? []).map((service) => (
              <li key={service.id}>
                <Link
                  to="/$categorySlug/$"
                  params={{
                    categorySlug: category.slug,
                    _splat: `${service.slug}/${(service.children?.length ?? 0) > 0 ? 'select' : 'work-place'}`,
                  }}
                >
                  {service.name}
                </Link>
              </li>
            ))}
          </ul>
        </ScreenLayout>
      )}
    </WithCategory>
  )
}
