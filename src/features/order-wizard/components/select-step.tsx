import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { OrderDraft } from '../draft-store.ts'
import { orderErrorText } from '../order-messages.ts'
import type { ChosenService } from '../service-chain.ts'

type SelectStepProps = {
  draft: OrderDraft
  service: ChosenService
  categorySlug: string
  serviceSlugs: string[]
  onChange: (patch: (draft: OrderDraft) => Partial<OrderDraft>) => void
  flush: () => Promise<void>
}

/** The select form: which of the service's sub-services the customer needs; at least one (spec section 5). */
export function SelectStep({ draft, service, categorySlug, serviceSlugs, onChange, flush }: SelectStepProps) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const errorId = useId()
  const [error, setError] = useState<string | null>(null)
  const chosen = new Set(draft.services)

  const toggle = (id: number, on: boolean) => {
    setError(null)
    onChange((current) => {
      const services = service.children
        .map((child) => child.id)
        .filter((childId) => (childId === id ? on : current.services.includes(childId)))
      return {
        services,
        session: {
          parent_service_id: service.id,
          services: service.children.filter((child) => services.includes(child.id)).map((c) => c.slug),
          category_slug: categorySlug,
        },
      }
    })
  }

  const next = async () => {
    if (!service.children.some((child) => chosen.has(child.id))) {
      setError(orderErrorText(i18n, 'services_required'))
      return
    }
    await flush()
    await navigate({
      to: '/$categorySlug/$',
      params: { categorySlug, _splat: [...serviceSlugs, 'work-place'].join('/') },
      search: { draft: draft.id },
    })
  }

  return (
    <form
      noValidate
      className="form wizard"
      onSubmit={(event) => {
        event.preventDefault()
        void next()
      }}
    >
      <fieldset className="wizard__group" aria-describedby={error ? errorId : undefined}>
        <legend className="wizard__legend">
          <Trans>Which services do you need?</Trans>
        </legend>
        {service.children.map((child) => (
          <label key={child.id} className="choice">
            <input
              type="checkbox"
              checked={chosen.has(child.id)}
              onChange={(event) => toggle(child.id, event.target.checked)}
            />
            {child.name}
          </label>
        ))}
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button">
          <Trans>Next</Trans>
        </button>
      </div>
    </form>
  )
}
