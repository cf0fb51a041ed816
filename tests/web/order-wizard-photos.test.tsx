import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Category } from '#contract/schemas/catalogue.ts'
import type { OrderDraft } from '#src/lib/local-db.ts'
import { useSession } from '#src/lib/session-store.ts'
import { loadOrderWizardCatalog } from '#src/features/order-wizard/catalog.ts'
import { OrderWizard } from '#src/features/order-wizard/components/order-wizard.tsx'
import { compressPhoto } from '#src/lib/image-compression.ts'
import { profileOf, renderInApp } from './helpers.tsx'
import { repairCategory } from './catalogue-fixtures.ts'
import { FakeXhr } from './fake-xhr.ts'

beforeAll(async () => {
  await loadOrderWizardCatalog()
  // jsdom has no object URLs; the thumbnails only need a src.
  Object.assign(URL, { createObjectURL: () => 'blob:thumbnail', revokeObjectURL: () => {} })
})

// jsdom has no IndexedDB: drafts live in a Map (photos kept as the same Blobs: jsdom's cannot be structured-cloned).
const saved = new Map<string, OrderDraft>()
const copy = (draft: OrderDraft): OrderDraft => ({
  ...structuredClone({ ...draft, photos: [] }),
  photos: [...draft.photos],
})
vi.mock('#src/features/order-wizard/draft-store.ts', () => ({
  draftStore: {
    get: async (id: string) => {
      const draft = saved.get(id)
      return draft && copy(draft)
    },
    put: async (draft: OrderDraft) => void saved.set(draft.id, copy(draft)),
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

const DRAFT_ID = '5d0f8f3e-2b8a-4c55-9a77-3f4b7c1d2e60'
const ORDER_ID = 41
const category: Category = repairCategory()
const wizard = (
  <OrderWizard
    category={category}
    serviceSlugs={['elektrika', 'zamena-provodki']}
    form="work-place"
    draftId={DRAFT_ID}
  />
)
const photo = (id: string, name: string) => ({
  id,
  name,
  blob: new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }),
})

/** The customer's online draft with two photos, restored on the wizard. */
async function wizardWithTwoPhotos() {
  const first = renderInApp(wizard)
  await userEvent.setup().click(await screen.findByLabelText('Онлайн'))
  await waitFor(() => expect(saved.get(DRAFT_ID)?.fields.isOnline).toBe(true))
  first.unmount()
  const draft = saved.get(DRAFT_ID)!
  saved.set(DRAFT_ID, { ...draft, photos: [photo('p1', 'kitchen.jpg'), photo('p2', 'socket.jpg')] })
  const view = renderInApp(wizard)
  await screen.findByRole('img', { name: 'Фото 2' })
  return view
}

const progressOf = (photoNumber: number) =>
  screen.getByRole('progressbar', { name: `Загружается фото ${photoNumber} из 2` }) as HTMLProgressElement

beforeEach(() => {
  saved.clear()
  FakeXhr.reset()
  sendOrQueue.mockReset()
  sendOrQueue.mockResolvedValue({ status: 'sent', data: { id: ORDER_ID } })
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  act(() => useSession.getState().setSession({ token: 'access-1', profile: profileOf() as never }))
})
afterEach(() => {
  vi.unstubAllGlobals()
  useSession.getState().clear()
})

describe('photo uploads after publishing', () => {
  it('shows each photo’s upload progress as it goes up, then drops the draft', async () => {
    const { router } = await wizardWithTwoPhotos()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Опубликовать заказ' }))

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    const first = FakeXhr.sent[0]!
    expect(first.url).toBe(`POST /api/fika/freelancer/v1.0.1/orders/${ORDER_ID}/photos`)
    expect(first.headers.authorization).toBe('Bearer access-1')
    expect(first.fileName).toBe('kitchen.jpg')
    expect(progressOf(1).value).toBe(0)
    first.progress(512, 2048)
    expect(progressOf(1).value).toBe(0.25)
    first.progress(2048, 2048)
    expect(progressOf(1).value).toBe(1)
    first.answer(200)

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2))
    const second = FakeXhr.sent[1]!
    expect(second.fileName).toBe('socket.jpg')
    second.progress(1024, 2048)
    expect(progressOf(2).value).toBe(0.5)
    second.answer(200)

    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`))
    expect(saved.has(DRAFT_ID)).toBe(false)
  })

  it('keeps the draft with the photos not yet sent when an upload fails, and sends only those on retry', async () => {
    const { router } = await wizardWithTwoPhotos()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0]!.answer(200)
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2))
    FakeXhr.sent[1]!.progress(300, 2048)
    FakeXhr.sent[1]!.dropConnection()

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз',
    )
    expect(screen.queryByRole('progressbar')).toBeNull()
    // The sent photo left the draft; the other one stays, on screen and on the device.
    await waitFor(() => expect(saved.get(DRAFT_ID)?.photos.map((kept) => kept.name)).toEqual(['socket.jpg']))
    expect(screen.getAllByRole('img')).toHaveLength(1)
    expect(saved.get(DRAFT_ID)?.fields.isOnline).toBe(true)
    expect(router.state.location.pathname).toBe('/')

    // Retrying finds the same order (the draft id is the Idempotency-Key) and sends the photo left.
    await user.click(screen.getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3))
    expect(
      sendOrQueue.mock.calls.map(([call]) => (call as { idempotencyKey: string }).idempotencyKey),
    ).toEqual([DRAFT_ID, DRAFT_ID])
    expect(FakeXhr.sent[2]!.fileName).toBe('socket.jpg')
    FakeXhr.sent[2]!.answer(200)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`))
    expect(saved.has(DRAFT_ID)).toBe(false)
  })

  it('shows the server’s refusal of a photo and keeps it in the draft', async () => {
    await wizardWithTwoPhotos()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Опубликовать заказ' }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0]!.answer(400, {
      error: {
        type: 'validation',
        code: 'file_invalid',
        message: 'Файл слишком большой или неверного формата',
      },
    })
    expect((await screen.findByRole('alert')).textContent).toBe('Файл слишком большой или неверного формата')
    expect(saved.get(DRAFT_ID)?.photos.map((kept) => kept.name)).toEqual(['kitchen.jpg', 'socket.jpg'])
    expect(screen.getByRole('button', { name: 'Убрать фото 1' })).toBeTruthy()
  })
})

describe('compressPhoto', () => {
  // jsdom decodes no image, as a browser decodes no text file named .jpg.
  it('refuses a file typed as JPEG that does not decode, and keeps a HEIC the browser cannot read', async () => {
    const fake = new File(['not an image'], 'passport.jpg', { type: 'image/jpeg' })
    expect(await compressPhoto(fake)).toBeNull()
    const heic = new File([new Uint8Array(64)], 'IMG_0001.heic', { type: 'image/heic' })
    expect(await compressPhoto(heic)).toBe(heic)
  })
})
