import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Category } from '#contract/schemas/catalogue.ts'
import type { OrderDraft } from '#src/lib/local-db.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { useSession } from '#src/lib/session-store.ts'
import {
  emptyOrderForm,
  orderBodyOf,
  orderFormSchema,
  soumToTiyin,
  type OrderForm,
} from '#src/features/order-wizard/order-form.ts'
import { loadOrderWizardCatalog } from '#src/features/order-wizard/catalog.ts'
import { OrderWizard } from '#src/features/order-wizard/components/order-wizard.tsx'
import { errorBody, profileOf, renderInApp, stubApi } from './helpers.tsx'
import { repairCategory } from './catalogue-fixtures.ts'

// The wizard's messages load with its chunk (docs/decisions/007); a component test loads them itself.
beforeAll(loadOrderWizardCatalog)

// jsdom has no IndexedDB: the drafts live in a Map here; the real IndexedDB is exercised in tests/e2e.
const saved = new Map<string, OrderDraft>()
const puts: { at: number; draft: OrderDraft }[] = []
vi.mock('#src/features/order-wizard/draft-store.ts', () => ({
  draftStore: {
    get: async (id: string) => structuredClone(saved.get(id)),
    put: async (draft: OrderDraft) => {
      puts.push({ at: Date.now(), draft: structuredClone(draft) })
      saved.set(draft.id, structuredClone(draft))
    },
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
// jsdom has no WebGL: the map is a stand-in that shows where it was opened (the real map runs in tests/e2e).
vi.mock('#src/features/map/map-view.tsx', () => ({
  MapView: ({ label, center, zoom }: { label: string; center?: [number, number]; zoom?: number }) => (
    <div role="region" aria-label={label} data-center={center?.join(',') ?? ''} data-zoom={zoom} />
  ),
}))

const DRAFT_ID = '0b9c3d52-4f7e-4a57-9a43-2f1f6a0c9e11'
const category: Category = repairCategory([
  { id: 31, name: 'Установка розеток', slug: 'ustanovka-rozetok' },
  { id: 32, name: 'Замена проводки', slug: 'zamena-provodki' },
])

const filled = (changes: Partial<OrderForm>): OrderForm => ({
  ...emptyOrderForm('Повесить люстру'),
  ...changes,
})
const issuesOf = (form: OrderForm, now = new Date('2026-11-21T12:00:00+05:00')) => {
  const result = v.safeParse(
    orderFormSchema(() => now),
    form,
  )
  return result.success ? {} : v.flatten(result.issues).nested
}

beforeEach(() => {
  saved.clear()
  puts.length = 0
  sendOrQueue.mockReset()
})

describe('order form rules', () => {
  it('sends so typed with thousands spaces as tiyin, by price mode', () => {
    expect(soumToTiyin('1 250 000')).toBe(125_000_000)
    expect(soumToTiyin('')).toBeNull()
    const base = filled({ isOnline: true })
    expect(orderBodyOf({ ...base, priceMode: 'single', price: '200 000' }, [31])).toMatchObject({
      price: 20_000_000,
      price_min: null,
      price_max: null,
    })
    expect(
      orderBodyOf({ ...base, priceMode: 'range', priceMin: '150 000', priceMax: '300 000' }, [31]),
    ).toMatchObject({ price: null, price_min: 15_000_000, price_max: 30_000_000 })
    expect(orderBodyOf({ ...base, priceMode: 'upto', priceMax: '90 000' }, [31])).toMatchObject({
      price: null,
      price_min: null,
      price_max: 9_000_000,
    })
  })

  it('sends the date and times, typed as Tashkent time, as instants', () => {
    const body = orderBodyOf(
      filled({ isOnline: true, date: '2026-11-22', startTime: '10:30', endTime: '13:00' }),
      [31],
    )
    expect(body.started_at).toBe('2026-11-22T05:30:00.000Z')
    expect(body.ended_at).toBe('2026-11-22T08:00:00.000Z')
  })

  it('checks the spec rules with the server message keys', () => {
    expect(issuesOf(filled({}))).toMatchObject({ isOnline: ['work_place_required'] })
    expect(issuesOf(filled({ name: 'ab', isOnline: true }))).toMatchObject({ name: ['order_name_required'] })
    expect(issuesOf(filled({ atCustomer: true, date: '2026-11-21', startTime: '11:00' }))).toMatchObject({
      startTime: ['start_in_past'],
    })
    expect(
      issuesOf(filled({ atCustomer: true, date: '2026-11-22', startTime: '11:00', endTime: '10:00' })),
    ).toMatchObject({ endTime: ['end_before_start'] })
    expect(
      issuesOf(filled({ atExecutor: true, priceMode: 'range', priceMin: '300 000', priceMax: '300 000' })),
    ).toMatchObject({ priceMax: ['price_max_below_min'] })
    expect(issuesOf(filled({ atExecutor: true, date: '2026-11-22' }))).toMatchObject({
      startTime: ['date_time_required'],
    })
    expect(
      issuesOf(filled({ isOnline: true, date: '2026-11-22', startTime: '12:30', endTime: '14:00' })),
    ).toEqual({})
  })
})

describe('OrderWizard', () => {
  it('asks for at least one sub-service on the select form', async () => {
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard category={category} serviceSlugs={['elektrika']} form="select" draftId={DRAFT_ID} />,
    )
    await user.click(await screen.findByRole('button', { name: 'Далее' }))
    expect(await screen.findByText('Выберите хотя бы одну услугу')).toBeTruthy()
    await user.click(screen.getByLabelText('Замена проводки'))
    expect(screen.queryByText('Выберите хотя бы одну услугу')).toBeNull()
    await waitFor(() => expect(saved.get(DRAFT_ID)?.services).toEqual([32]))
    expect(saved.get(DRAFT_ID)?.session).toEqual({
      parent_service_id: 30,
      services: ['zamena-provodki'],
      category_slug: 'mastera-po-remontu',
    })
  })

  it('keeps every change on the device within 300 ms and restores it on return', async () => {
    // A phone keyboard: a key every 100 ms.
    const user = userEvent.setup({ delay: 100 })
    const first = renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    const name = await screen.findByLabelText('Что нужно сделать')
    await user.clear(name)
    await user.type(name, 'Заменить проводку')
    // Steady typing does not postpone saving: the draft was saved while the words were still coming.
    const whileTyping = puts.map((put) => put.draft.fields.name)
    expect(whileTyping.filter((text) => text !== 'Заменить проводку').length).toBeGreaterThanOrEqual(3)
    await user.click(screen.getByLabelText('Онлайн'))
    const changedAt = Date.now()
    await waitFor(() => expect(saved.get(DRAFT_ID)?.fields.isOnline).toBe(true), { timeout: 300 })
    expect(Date.now() - changedAt).toBeLessThan(300)
    await user.type(screen.getByLabelText('Пожелания'), 'Вечером')
    await waitFor(() => expect(saved.get(DRAFT_ID)?.fields.wishes).toBe('Вечером'), { timeout: 300 })
    first.unmount()

    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    expect(
      await screen.findByText('Черновик восстановлен: все поля такие, какими вы их оставили.'),
    ).toBeTruthy()
    expect((screen.getByLabelText('Что нужно сделать') as HTMLInputElement).value).toBe('Заменить проводку')
    expect((screen.getByLabelText('Онлайн') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Пожелания') as HTMLTextAreaElement).value).toBe('Вечером')
  })

  it('saves the last keystroke at once when the page is put away or left, without waiting for the delay', async () => {
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    const wishes = await screen.findByLabelText('Пожелания')
    // The autosave's delay never runs out here: whatever is saved, the page being hidden or left saved it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.input(wishes, { target: { value: 'Вечером' } })
    expect(saved.get(DRAFT_ID)?.fields.wishes).not.toBe('Вечером')

    // A phone switching to another app: the page is hidden, and may never be shown (or told anything) again.
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    try {
      document.dispatchEvent(new Event('visibilitychange'))
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState
    }
    expect(saved.get(DRAFT_ID)?.fields.wishes).toBe('Вечером')

    // Back to the page, one more word, and straight away back in history or a reload.
    fireEvent.input(wishes, { target: { value: 'Вечером, после шести' } })
    window.dispatchEvent(new Event('pagehide'))
    expect(saved.get(DRAFT_ID)?.fields.wishes).toBe('Вечером, после шести')
  })

  it('shows the rule messages at publish and the server field errors on their fields', async () => {
    act(() => useSession.getState().setSession({ token: 'access-1', profile: profileOf() as never }))
    sendOrQueue.mockRejectedValue(
      new ApiError(
        400,
        errorBody('validation', 'start_in_past', 'Время начала должно быть позже текущего', {
          started_at: ['Время начала должно быть позже текущего'],
        }) as never,
      ),
    )
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'Опубликовать заказ' }))
    expect(
      await screen.findByText('Выберите место работы: у заказчика, у исполнителя или онлайн'),
    ).toBeTruthy()
    expect(sendOrQueue).not.toHaveBeenCalled()

    await user.click(screen.getByLabelText('У меня'))
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    // Work at a place needs its district and city: specialists decide by them before they see the address.
    expect(await screen.findByText('Укажите район и город, где нужна работа')).toBeTruthy()
    expect(sendOrQueue).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText(/^Район и город/), 'Чиланзарский район, Ташкент')
    await user.type(screen.getByLabelText(/^Улица, дом, квартира/), '9-й квартал, дом 14')
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    const startTime = screen.getByLabelText('От', { selector: 'input[type="time"]' })
    await waitFor(() => expect(startTime.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Время начала должно быть позже текущего')).toBeTruthy()
    expect(sendOrQueue.mock.calls[0]![0]).toMatchObject({
      kind: 'publish-order',
      idempotencyKey: DRAFT_ID,
      body: {
        services: [32],
        name: 'Замена проводки',
        at_customer: true,
        area: 'Чиланзарский район, Ташкент',
        address: '9-й квартал, дом 14',
      },
    })
    useSession.getState().clear()
  })

  it("offers the country's districts and sends the chosen one's id, not its name, which readers see in their own language", async () => {
    act(() => useSession.getState().setSession({ token: 'access-1', profile: profileOf() as never }))
    stubApi({
      'GET /api/fika/freelancer/v1.0.1/districts': () => ({
        json: {
          collection: [
            {
              id: 1,
              name: 'Ташкент',
              districts: [
                { id: 11, name: 'Чиланзарский район' },
                { id: 12, name: 'Юнусабадский район' },
              ],
            },
          ],
        },
      }),
    })
    sendOrQueue.mockResolvedValue({ status: 'queued' })
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    await user.click(await screen.findByLabelText('У меня'))
    const district = screen.getByLabelText('Район')
    await screen.findByRole('option', { name: 'Юнусабадский район' })
    await user.selectOptions(district, 'Юнусабадский район')
    expect((screen.getByLabelText(/^Район и город/) as HTMLInputElement).value).toBe('')
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    await waitFor(() => expect(sendOrQueue).toHaveBeenCalled())
    expect(sendOrQueue.mock.calls[0]![0]).toMatchObject({ body: { district_id: 12, area: null } })
    useSession.getState().clear()
  })

  it('opens the map on the chosen district, or on the country when none is chosen', async () => {
    stubApi({
      'GET /api/fika/freelancer/v1.0.1/districts': () => ({
        json: {
          collection: [
            {
              id: 1,
              name: 'Ташкент',
              districts: [{ id: 11, name: 'Чиланзарский район', region_id: 1, lat: 41.2778, lng: 69.2014 }],
            },
          ],
        },
      }),
    })
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    await user.click(await screen.findByLabelText('У меня'))
    await user.click(screen.getByRole('button', { name: 'Отметить на карте' }))
    const countryMap = await screen.findByRole('region', { name: /^Карта/ })
    expect(countryMap.dataset.center).toBe('')
    await user.click(screen.getByRole('button', { name: 'Скрыть карту' }))
    await screen.findByRole('option', { name: 'Чиланзарский район' })
    await user.selectOptions(screen.getByLabelText('Район'), 'Чиланзарский район')
    await user.click(screen.getByRole('button', { name: 'Отметить на карте' }))
    const districtMap = await screen.findByRole('region', { name: /^Карта/ })
    expect(districtMap.dataset.center).toBe('69.2014,41.2778')
    expect(districtMap.dataset.zoom).toBe('12')
  })

  it('warns when the pin is far from the chosen district, and not when it is in it', async () => {
    stubApi({
      'GET /api/fika/freelancer/v1.0.1/districts': () => ({
        json: {
          collection: [
            {
              id: 1,
              name: 'Ташкент',
              districts: [{ id: 11, name: 'Чиланзарский район', region_id: 1, lat: 41.2778, lng: 69.2014 }],
            },
            {
              id: 2,
              name: 'Самаркандская область',
              districts: [{ id: 21, name: 'город Самарканд', region_id: 2, lat: 39.6542, lng: 66.9597 }],
            },
          ],
        },
      }),
    })
    // A pin in Chilanzar, kept in the draft from an earlier visit.
    saved.set(DRAFT_ID, {
      id: DRAFT_ID,
      route: '/mastera-po-remontu/elektrika/zamena-provodki/work-place',
      flowPath: '/mastera-po-remontu/elektrika/zamena-provodki',
      categorySlug: 'mastera-po-remontu',
      title: 'Электрика',
      session: { parent_service_id: 30, services: ['zamena-provodki'], category_slug: 'mastera-po-remontu' },
      services: [32],
      fields: { ...emptyOrderForm('Повесить люстру'), atCustomer: true, lat: 41.28, lng: 69.21 },
      photos: [],
      pending: false,
      updatedAt: Date.now(),
    })
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    const district = await screen.findByLabelText('Район')
    await screen.findByRole('option', { name: 'город Самарканд' })
    await user.selectOptions(district, 'Чиланзарский район')
    expect(screen.getByTestId('pin-far').textContent).toBe('')
    await user.selectOptions(district, 'город Самарканд')
    expect(screen.getByTestId('pin-far').textContent).toMatch(
      /^Метка в 2\d\d км от выбранного района\. Проверьте, верно ли указаны метка и район\.$/,
    )
  })

  it('shows every limited field’s limit: maxLength and a counter such as 45/120', async () => {
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    const name = (await screen.findByLabelText('Что нужно сделать')) as HTMLInputElement
    expect(name.maxLength).toBe(120)
    expect(screen.getByLabelText('Улица, дом, квартира').getAttribute('maxlength')).toBe('300')
    expect(screen.getByLabelText('Пожелания').getAttribute('maxlength')).toBe('5000')
    await user.clear(name)
    await user.type(name, 'Заменить проводку на кухне и в коридоре сегодня')
    const counters = screen.getAllByTestId('char-count').map((node) => node.textContent!.replace(/\s/g, ' '))
    expect(counters).toEqual(['47/120', '0/120', '0/300', '0/200', '0/5 000'])
    expect(name.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Не больше 120 символов',
    )
  })

  it('refuses a price past 10 billion so’m with words, keeps it as typed and sends nothing', async () => {
    act(() => useSession.getState().setSession({ token: 'access-1', profile: profileOf() as never }))
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    const price = (await screen.findByLabelText('Цена')) as HTMLInputElement
    await user.click(screen.getByLabelText('Онлайн'))
    await user.type(price, '10000000001')
    expect(price.value).toBe('10 000 000 001')
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Укажите цену целым числом от 0 до 10\u00a0000\u00a0000\u00a0000 сум',
      ),
    )
    expect(price.value).toBe('10 000 000 001')
    expect(sendOrQueue).not.toHaveBeenCalled()
    useSession.getState().clear()
  })

  it('puts the server’s message for a too long name on the name field', async () => {
    act(() => useSession.getState().setSession({ token: 'access-1', profile: profileOf() as never }))
    sendOrQueue.mockRejectedValue(
      new ApiError(
        400,
        errorBody('validation', 'invalid_request', 'Проверьте данные', {
          name: ['Название не длиннее 120 символов'],
          description: ['Описание слишком длинное'],
        }) as never,
      ),
    )
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    await user.click(await screen.findByLabelText('Онлайн'))
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    const name = screen.getByLabelText('Что нужно сделать')
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Название не длиннее 120 символов')).toBeTruthy()
    // A field the form does not have: the server's own words, not "check the highlighted fields".
    expect(screen.getByText('Описание слишком длинное')).toBeTruthy()
    useSession.getState().clear()
  })

  it('offers photos through a labelled, translated button over a hidden file input', async () => {
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    const input = (await screen.findByLabelText('Добавить фото')) as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.className).toContain('visually-hidden')
    expect(input.tabIndex).toBe(0)
    const button = document.querySelector(`label[for="${input.id}"]`)!
    expect(button.className).toContain('button')
    expect(button.textContent).toBe('Добавить фото')
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Добавлено 0 из 10',
    )
  })

  it('refuses a file that is not a photo or is past 10 MB in the words every photo input uses', async () => {
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    const input = (await screen.findByLabelText('Добавить фото')) as HTMLInputElement
    const notPhoto = new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' })
    fireEvent.change(input, { target: { files: [notPhoto] } })
    expect(
      await screen.findByText('Этот файл не фото. Выберите изображение JPEG, PNG, WebP или HEIC.'),
    ).toBeTruthy()
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    fireEvent.change(input, { target: { files: [big] } })
    expect(await screen.findByText('Файл больше 10 МБ. Выберите файл поменьше.')).toBeTruthy()
  })

  it('tells the customer an order published offline goes out when the network returns', async () => {
    act(() => useSession.getState().setSession({ token: 'access-1', profile: profileOf() as never }))
    sendOrQueue.mockResolvedValue({ status: 'queued' })
    const user = userEvent.setup()
    renderInApp(
      <OrderWizard
        category={category}
        serviceSlugs={['elektrika', 'zamena-provodki']}
        form="work-place"
        draftId={DRAFT_ID}
      />,
    )
    await user.click(await screen.findByLabelText('Онлайн'))
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    expect(
      await screen.findByText('Нет интернета. Заказ сохранён и отправится сам, когда появится сеть.'),
    ).toBeTruthy()
    await waitFor(() => expect(saved.get(DRAFT_ID)?.pending).toBe(true))
    useSession.getState().clear()
  })
})
