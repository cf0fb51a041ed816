import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, V1 } from './helpers.tsx'
import { FakeXhr } from './fake-xhr.ts'
import { EXECUTOR, keptEdits, META, openEditor, WALLET_PATH, walletWith } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)
// jsdom draws no images: the crop gives a fixed square and the compression a small blob; both run in real
// Chromium in tests/e2e. What is tested here is the flow: choose, crop, upload with progress, saved or why not.
const cropped = vi.fn()
vi.mock('#src/features/profile-editor/images.ts', async (original) => ({
  ...(await original<object>()),
  cropToSquare: async (_: string, area: unknown) => {
    cropped(area)
    return new Blob([new Uint8Array(4096)], { type: 'image/jpeg' })
  },
}))
vi.mock('#src/lib/image-compression.ts', async (original) => ({
  ...(await original<object>()),
  compressImage: async () => new Blob([new Uint8Array(1024)], { type: 'image/jpeg' }),
}))
vi.mock('react-easy-crop', () => ({
  default: ({ onCropComplete }: { onCropComplete: (area: object, pixels: object) => void }) => {
    // Once, as the library does when the image has loaded.
    useEffect(() => onCropComplete({}, { x: 10, y: 20, width: 300, height: 300 }), [])
    return <div aria-label="Область кадрирования" tabIndex={0} />
  },
}))

beforeAll(async () => {
  await loadProfileEditorCatalog()
  Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} })
})
beforeEach(() => {
  keptEdits.clear()
  FakeXhr.reset()
  cropped.mockReset()
})

async function chooseAndCrop() {
  const user = userEvent.setup()
  const region = await screen.findByRole('region', { name: 'Фото' })
  const camera = within(region).getByLabelText('Сделать фото') as HTMLInputElement
  expect(camera.accept).toBe('image/*')
  expect(camera.getAttribute('capture')).toBe('user')
  await user.upload(
    within(region).getByLabelText('Выбрать фото'),
    new File([new Uint8Array(8192)], 'me.jpg', { type: 'image/jpeg' }),
  )
  const dialog = await screen.findByRole('dialog', { name: 'Обрежьте фото' })
  await user.click(await within(dialog).findByRole('button', { name: 'Выбрать это фото' }))
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
  return region
}

describe('the photo section', () => {
  it('crops to the chosen square, uploads with a progress bar and shows the new photo', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    openEditor(EXECUTOR)
    const region = await chooseAndCrop()
    expect(cropped).toHaveBeenCalledWith({ x: 10, y: 20, width: 300, height: 300 })
    const request = FakeXhr.sent[0]!
    expect(request.url).toBe(`POST ${V1}/profile/avatar`)
    expect((request.body?.get('file') as File).size).toBe(1024)
    request.progress(512, 1024)
    const bar = within(region).getByRole('progressbar', { name: 'Загрузка фото' }) as HTMLProgressElement
    expect(bar.value).toBe(0.5)
    request.answer(200, { ...EXECUTOR, avatar: '/uploads/a.jpg', avatar_thumb: '/uploads/a-thumb.jpg' })
    expect(await within(region).findByText('Фото сохранено')).toBeTruthy()
    expect(within(region).getByRole('img', { name: 'Вы, Jasur Karimov' }).getAttribute('src')).toBe(
      '/uploads/a-thumb.jpg',
    )
    expect(useSession.getState().profile?.avatar_thumb).toBe('/uploads/a-thumb.jpg')
  })

  it("shows the server's reason when it refuses the file", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    openEditor(EXECUTOR)
    const region = await chooseAndCrop()
    FakeXhr.sent[0]!.answer(422, errorBody('validation', 'file_invalid', 'Файл не является изображением'))
    expect((await within(region).findByRole('alert')).textContent).toBe('Файл не является изображением')
  })
})

describe('portfolio photos and the plan', () => {
  it('without a plan says files go up to 2 MB and shows the server’s refusal of a larger one', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const user = userEvent.setup()
    openEditor(EXECUTOR, {
      [`GET ${WALLET_PATH}`]: () => ({ json: walletWith(null) }),
      [`GET ${V1}/profile/${EXECUTOR.id}/works`]: () => ({
        json: {
          collection: [{ id: 4, title: 'Кухня', description: null, photos: [], position: 0 }],
          meta: META,
        },
      }),
    })
    const region = await screen.findByRole('region', { name: 'Портфолио' })
    expect(await within(region).findByText('Каждый файл — до 2 МБ.')).toBeTruthy()
    expect(within(region).getByText('Доступно с тарифом «Стартер»')).toBeTruthy()
    await user.upload(
      await within(region).findByLabelText('Добавить фото к «Кухня»'),
      new File([new Uint8Array(8192)], 'big.jpg', { type: 'image/jpeg' }),
    )
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    FakeXhr.sent[0]!.answer(
      403,
      errorBody('forbidden', 'file_too_large_without_plan', 'Без тарифа файл — не больше 2 МБ', {
        file: ['Без тарифа файл — не больше 2 МБ'],
      }),
    )
    expect((await within(region).findByRole('alert')).textContent).toBe('Без тарифа файл — не больше 2 МБ')
  })

  it('with the starter plan says files go up to 10 MB, without a lock', async () => {
    openEditor(EXECUTOR, { [`GET ${WALLET_PATH}`]: () => ({ json: walletWith('starter') }) })
    const region = await screen.findByRole('region', { name: 'Портфолио' })
    expect(await within(region).findByText('Каждый файл — до 10 МБ.')).toBeTruthy()
    expect(within(region).queryByText(/Доступно с тарифом/)).toBeNull()
  })
})
