import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Category } from '#contract/schemas/catalogue.ts'
import type { Order } from '#contract/schemas/orders.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import type { OrderDraft } from '#src/lib/local-db.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { useSession } from '#src/lib/session-store.ts'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { DirectOrderScreen } from '#src/features/order-view/components/direct-order-screen.tsx'
import { OrderDetails } from '#src/features/order-view/components/order-details.tsx'
import { loadOrderWizardCatalog } from '#src/features/order-wizard/catalog.ts'
import { OrderWizard } from '#src/features/order-wizard/components/order-wizard.tsx'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'
import { repairCategory } from './catalogue-fixtures.ts'

beforeAll(async () => {
  await loadOrderWizardCatalog()
  await loadOrderViewCatalog()
})

// jsdom has no IndexedDB: the drafts live in a Map here, as in order-wizard.test.tsx.
const saved = new Map<string, OrderDraft>()
vi.mock('#src/features/order-wizard/draft-store.ts', () => ({
  draftStore: {
    get: async (id: string) => structuredClone(saved.get(id)),
    put: async (draft: OrderDraft) => void saved.set(draft.id, structuredClone(draft)),
    remove: async (id: string) => void saved.delete(id),
    latestOf: async () => undefined,
    list: async () => [...saved.values()],
  },
}))
const sendOrQueue = vi.fn()
vi.mock('#src/lib/outbox.ts', () => ({
  sendOrQueue: (...args: unknown[]) => sendOrQueue(...args),
  onOutboxDelivered: () => () => {},
}))
vi.mock('dexie-react-hooks', () => ({ useLiveQuery: () => [] }))
vi.mock('#src/features/map/map-view.tsx', () => ({ MapView: () => null }))

const DRAFT_ID = '5d0e8f1a-7c2b-4b8e-9f3a-1e2d3c4b5a69'
const LANDMARK = 'Рядом со школой № 5, синие ворота'
const category: Category = repairCategory()
const wizard = () => (
  <OrderWizard
    category={category}
    serviceSlugs={['elektrika', 'zamena-provodki']}
    form="work-place"
    draftId={DRAFT_ID}
  />
)
const landmarkField = () => screen.getByLabelText(/^Ориентир/) as HTMLInputElement
const tooLong = () =>
  new ApiError(
    400,
    errorBody('validation', 'landmark_max', 'Ориентир не длиннее 200 символов', {
      landmark: ['Ориентир не длиннее 200 символов'],
    }) as never,
  )

beforeEach(() => {
  saved.clear()
  sendOrQueue.mockReset()
  act(() => useSession.getState().setSession({ token: 'access-1', profile: profileOf() as Profile }))
})

describe('the landmark in the order wizard', () => {
  it('keeps the typed landmark in the draft, restores it on return and publishes it with the address', async () => {
    const user = userEvent.setup()
    const first = renderInApp(wizard())
    await user.click(await screen.findByLabelText('У меня'))
    await user.type(screen.getByLabelText(/^Район и город/), 'Чиланзар, Ташкент')
    await user.type(screen.getByLabelText(/^Улица, дом, квартира/), '9-й квартал, дом 14')
    expect(landmarkField().maxLength).toBe(200)
    await user.type(landmarkField(), LANDMARK)
    await waitFor(() => expect(saved.get(DRAFT_ID)?.fields.landmark).toBe(LANDMARK))
    first.unmount()

    renderInApp(wizard())
    await screen.findByText('Черновик восстановлен: все поля такие, какими вы их оставили.')
    expect(landmarkField().value).toBe(LANDMARK)
    sendOrQueue.mockRejectedValue(tooLong())
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    await waitFor(() => expect(sendOrQueue).toHaveBeenCalled())
    expect(sendOrQueue.mock.calls[0]![0]).toMatchObject({
      body: { address: '9-й квартал, дом 14', landmark: LANDMARK },
    })
    // The server's refusal stands under the landmark, in the person's language.
    await waitFor(() => expect(landmarkField().getAttribute('aria-invalid')).toBe('true'))
    const described = landmarkField().getAttribute('aria-describedby')!.split(' ')
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Ориентир не длиннее 200 символов',
    )
  })

  it('sends no landmark when none is typed', async () => {
    const user = userEvent.setup()
    renderInApp(wizard())
    await user.click(await screen.findByLabelText('Онлайн'))
    sendOrQueue.mockRejectedValue(tooLong())
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    await waitFor(() => expect(sendOrQueue).toHaveBeenCalled())
    expect(sendOrQueue.mock.calls[0]![0].body.landmark).toBeNull()
  })
})

describe('the landmark in a direct order', () => {
  it('sends the typed landmark and shows the server’s refusal under it', async () => {
    const user = userEvent.setup()
    stubApi({
      [`GET ${V1}/myprofile/9`]: () => ({
        json: {
          id: 9,
          specialities: [
            {
              id: 1,
              category: { id: 2, name: 'Мастера по ремонту', slug: 'mastera-po-remontu' },
              active: true,
              services: [
                {
                  id: 11,
                  service: { id: 5, name: 'Электрика', slug: 's5' },
                  price_from: null,
                  price_to: null,
                  active: true,
                },
              ],
            },
          ],
        },
      }),
    })
    sendOrQueue.mockRejectedValue(tooLong())
    renderInApp(<DirectOrderScreen executor={9} />)
    await user.click(await screen.findByRole('radio', { name: 'Электрика' }))
    await user.type(screen.getByLabelText('Что нужно сделать'), 'Заменить автомат')
    await user.type(screen.getByLabelText('Улица, дом, квартира'), 'ул. Навои, 12')
    expect(landmarkField().maxLength).toBe(200)
    await user.type(landmarkField(), LANDMARK)
    await user.click(screen.getByRole('button', { name: 'Отправить заказ' }))
    await waitFor(() => expect(sendOrQueue).toHaveBeenCalled())
    expect(sendOrQueue.mock.calls[0]![0].body).toMatchObject({ address: 'ул. Навои, 12', landmark: LANDMARK })
    await waitFor(() => expect(landmarkField().getAttribute('aria-invalid')).toBe('true'))
    const described = landmarkField().getAttribute('aria-describedby')!.split(' ')
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Ориентир не длиннее 200 символов',
    )
  })
})

describe('the landmark on the order page', () => {
  const order = (overrides: Partial<Order>): Order => ({
    id: 42,
    number: '000042',
    status: 'in_progress',
    customer_id: 7,
    executor_id: 9,
    services: [],
    name: 'Повесить люстру',
    description: null,
    is_online: false,
    at_customer: true,
    at_executor: false,
    area: 'Чиланзар, Ташкент',
    district_id: null,
    address: null,
    landmark: null,
    lat: null,
    lng: null,
    started_at: null,
    ended_at: null,
    price: null,
    price_min: null,
    price_max: null,
    wishes: null,
    photos: [],
    views: 0,
    replies_count: 0,
    created_at: '2026-11-21T09:00:00.000Z',
    is_direct: false,
    location_exact: false,
    contact: null,
    ...overrides,
  })

  it('shows the landmark beside the exact address to those who see it, as typed', async () => {
    // Text that a translation formatter would read as markup stays the customer's words.
    const typed = 'Синие ворота <b>у школы</b> {5}'
    renderInApp(
      <OrderDetails
        order={order({ address: '9-й квартал, дом 14', landmark: typed, location_exact: true })}
      />,
    )
    const term = await screen.findByText('Ориентир')
    expect(term.tagName).toBe('DT')
    expect(term.nextElementSibling?.textContent).toBe(typed)
  })

  it('shows no landmark row when the server hides it', async () => {
    renderInApp(<OrderDetails order={order({})} />)
    await screen.findByText('Место встречи')
    expect(screen.queryByText('Ориентир')).toBeNull()
  })
})
