import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Verification } from '#contract/schemas/verification.ts'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import {
  fitWithin,
  isTooSmall,
  laplacianVariance,
  MIN_SHARPNESS,
  toGray,
} from '#src/features/profile-editor/verification/photo-math.ts'
import { useSession } from '#src/lib/session-store.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { errorBody, V1 } from './helpers.tsx'
import { CUSTOMER, EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)
// jsdom has no canvas: the check and compression answer by the file's name here, and their arithmetic is tested
// below on plain arrays (photo-math.ts). A file named small* is too small, blurry* looks blurred.
// The camera's frames look blurred while `camera.blurred` says so.
const camera = { blurred: false }
vi.mock('#src/features/profile-editor/verification/prepare-photo.ts', () => ({
  preparePhoto: async (source: File | HTMLVideoElement) =>
    !(source instanceof File)
      ? {
          ok: true,
          photo: {
            blob: new Blob([new Uint8Array(500)], { type: 'image/jpeg' }),
            size: { width: 2048, height: 1152 },
            blurred: camera.blurred,
          },
        }
      : source.name.startsWith('small')
        ? { ok: false, problem: 'too_small' }
        : {
            ok: true,
            photo: {
              blob: new Blob([new Uint8Array(source.size)], { type: 'image/jpeg' }),
              size: { width: 2048, height: 1536 },
              blurred: source.name.startsWith('blurry'),
            },
          },
}))

// The sending itself (each photo resumably with tus, then the submission) is proven against the real server in
// tests/e2e/identity-verification.test.ts; here the form is given what it would answer.
type Sent = {
  type: string
  photos: Record<string, Blob>
  progress: (fraction: number) => void
  answer: (state: Verification) => void
  fail: (error: ApiError) => void
}
const PATH = `${V1}/profile/verification`
const sent: Sent[] = []
vi.mock('#src/features/profile-editor/verification/upload-documents.ts', () => ({
  uploadDocuments: (type: string, photos: Record<string, Blob>, progress: (fraction: number) => void) =>
    new Promise((answer, fail) => sent.push({ type, photos, progress, answer, fail })),
}))
beforeEach(() => {
  sent.length = 0
})
const NONE: Verification = {
  verification: 0,
  type: null,
  reason: null,
  reason_text: null,
  submitted_at: null,
}

beforeAll(async () => {
  await loadProfileEditorCatalog()
  Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} })
})
beforeEach(() => {
  keptEdits.clear()
  // The file-pick path: a browser without the camera API (or plain http).
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true })
})

const openWith = (state: Verification) => openEditor(EXECUTOR, { [`GET ${PATH}`]: () => ({ json: state }) })
const section = () => screen.findByRole('region', { name: 'Проверка личности' })
const photo = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })

/** Picks a file for the current step and goes on to the next one. */
async function pickAndGoOn(region: HTMLElement, name: string, bytes?: number) {
  const user = userEvent.setup()
  await user.upload(within(region).getByLabelText('Выбрать файл с фото'), photo(name, bytes))
  await within(region).findByRole('img', { name: /^Ваше фото:/ })
  await user.click(within(region).getByRole('button', { name: 'Далее' }))
}

describe('the verification section', () => {
  it('is offered to a specialist only, in the nav too', async () => {
    openEditor(CUSTOMER)
    await screen.findByRole('region', { name: 'Личные данные' })
    expect(screen.queryByRole('region', { name: 'Проверка личности' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Проверка личности' })).toBeNull()
  })

  it('explains the badge and the privacy of the documents when not verified, with no axe violation', async () => {
    const { view } = openWith(NONE)
    const region = await section()
    expect(screen.getByRole('link', { name: 'Проверка личности' }).getAttribute('href')).toBe('#verification')
    expect(await within(region).findByText(/значок «Проверен»/)).toBeTruthy()
    expect(within(region).getByText(/шифруются.*только модераторы.*90 дней/)).toBeTruthy()
    expect(within(region).getByRole('group', { name: 'Документ' })).toBeTruthy()
    const result = await axe.run(region, { rules: { 'color-contrast': { enabled: false } } })
    expect(
      result.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      ),
    ).toEqual([])
    expect(view.container.querySelector('video')).toBeNull()
  })

  it('shows the submitted date while under review, without the form', async () => {
    openWith({ ...NONE, verification: 2, type: 'passport', submitted_at: '2026-11-20T09:00:00.000Z' })
    const region = await section()
    expect((await within(region).findByText(/Документы на проверке с/)).textContent).toMatch(/20 ноября 2026/)
    expect(within(region).queryByRole('group', { name: 'Документ' })).toBeNull()
  })

  it('shows the badge once verified', async () => {
    openWith({ ...NONE, verification: 1, type: 'id_card', submitted_at: '2026-11-20T09:00:00.000Z' })
    const region = await section()
    expect(await within(region).findByText('Проверен')).toBeTruthy()
    expect(within(region).getByText(/личность подтверждена/)).toBeTruthy()
    expect(within(region).queryByRole('button', { name: /Отправить/ })).toBeNull()
  })

  it("shows a denial's reason in words and the moderator's own text, and lets the documents be sent again", async () => {
    const user = userEvent.setup()
    openWith({
      ...NONE,
      verification: 3,
      type: 'passport',
      reason: 'expired',
      reason_text: 'Срок истёк в <2024>',
    })
    const region = await section()
    expect(await within(region).findByText(/Срок действия документа истёк/)).toBeTruthy()
    expect(within(region).getByText('Срок истёк в <2024>').tagName).toBe('DD')
    expect(within(region).queryByRole('group', { name: 'Документ' })).toBeNull()
    await user.click(within(region).getByRole('button', { name: 'Отправить документы снова' }))
    expect(within(region).getByRole('group', { name: 'Документ' })).toBeTruthy()
  })
})

describe('sending the documents', () => {
  it('asks for the back of an ID card and a licence, not of a passport', async () => {
    const user = userEvent.setup()
    openWith(NONE)
    const region = await section()
    const steps = async () =>
      within(await within(region).findByRole('list', { name: 'Шаги' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    expect(within(region).getByRole('radio', { name: 'Паспорт' })).toHaveProperty('checked', true)
    expect(await steps()).toEqual(['Лицевая сторона', 'Селфи с документом', 'Отправка'])
    await user.click(within(region).getByRole('radio', { name: 'ID-карта' }))
    expect(await steps()).toEqual(['Лицевая сторона', 'Оборотная сторона', 'Селфи с документом', 'Отправка'])
    await user.click(within(region).getByRole('radio', { name: 'Водительское удостоверение' }))
    expect(await steps()).toEqual(['Лицевая сторона', 'Оборотная сторона', 'Селфи с документом', 'Отправка'])
  })

  it('without a camera takes files, sends type, front and selfie with progress, and turns to "under review"', async () => {
    const user = userEvent.setup()
    openWith(NONE)
    const region = await section()
    expect(await within(region).findByText(/камеру не открыть/)).toBeTruthy()
    expect(within(region).queryByRole('button', { name: 'Открыть камеру' })).toBeNull()
    const input = within(region).getByLabelText('Выбрать файл с фото') as HTMLInputElement
    expect(input.accept).toBe('image/*')
    expect(input.getAttribute('capture')).toBe('environment')

    await pickAndGoOn(region, 'front.jpg', 3000)
    expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Селфи с документом' }))
    expect(within(region).getByLabelText('Выбрать файл с фото').getAttribute('capture')).toBe('user')
    await pickAndGoOn(region, 'selfie.jpg', 1000)
    expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Отправка' }))

    await user.click(within(region).getByRole('button', { name: 'Отправить на проверку' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const request = sent[0]!
    expect(request.type).toBe('passport')
    expect(Object.keys(request.photos)).toEqual(['front', 'selfie'])
    expect([request.photos.front!.size, request.photos.selfie!.size]).toEqual([3000, 1000])
    act(() => request.progress(0.5))
    const bar = within(region).getByRole('progressbar', {
      name: 'Загрузка документов',
    }) as HTMLProgressElement
    expect(bar.value).toBe(0.5)
    request.answer({
      ...NONE,
      verification: 2,
      type: 'passport',
      submitted_at: '2026-11-27T10:00:00.000Z',
    })
    expect(await within(region).findByText(/Документы на проверке с 27 ноября 2026/)).toBeTruthy()
    expect(within(region).queryByRole('group', { name: 'Документ' })).toBeNull()
    expect(useSession.getState().profile?.verification).toBe(2)
  })

  it('refuses a photo too small to read, and passes a blurred file with a warning', async () => {
    const user = userEvent.setup()
    openWith(NONE)
    const region = await section()
    await user.upload(await within(region).findByLabelText('Выбрать файл с фото'), photo('small.jpg'))
    expect((await within(region).findByRole('alert')).textContent).toMatch(/не меньше 600 пикселей/)
    expect(within(region).getByRole('button', { name: 'Далее' })).toHaveProperty('disabled', true)
    await user.upload(within(region).getByLabelText('Выбрать файл с фото'), photo('blurry.jpg'))
    expect(await within(region).findByText(/выглядит размытым/)).toBeTruthy()
    expect(within(region).getByRole('button', { name: 'Далее' })).toHaveProperty('disabled', false)
  })

  it("shows a refusal's reason and, after a dropped connection, sends the same photos again", async () => {
    const user = userEvent.setup()
    openWith(NONE)
    const region = await section()
    await user.click(await within(region).findByRole('radio', { name: 'ID-карта' }))
    await pickAndGoOn(region, 'front.jpg', 3000)
    await pickAndGoOn(region, 'back.jpg', 2500)
    await pickAndGoOn(region, 'selfie.jpg', 1000)
    await user.click(within(region).getByRole('button', { name: 'Отправить на проверку' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    sent[0]!.fail(
      new ApiError(
        409,
        errorBody('conflict', 'verification_not_allowed', 'Документы уже на проверке') as never,
      ),
    )
    expect((await within(region).findByRole('alert')).textContent).toBe('Документы уже на проверке')
    // The photos are still there to look at and retake.
    await user.click(within(region).getByRole('button', { name: 'Назад' }))
    expect(within(region).getByRole('img', { name: 'Ваше фото: Селфи с документом' })).toBeTruthy()
    await user.click(within(region).getByRole('button', { name: 'Далее' }))

    await user.click(within(region).getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    sent[1]!.fail(new ApiError(0, null))
    expect((await within(region).findByRole('alert')).textContent).toMatch(/Нет связи с сервером.*сохранены/)

    await user.click(within(region).getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(sent).toHaveLength(3))
    expect(sent[2]!.type).toBe('id_card')
    expect(Object.values(sent[2]!.photos).map((blob) => blob.size)).toEqual([3000, 2500, 1000])
  })
})

describe('the camera inside the page', () => {
  const track = { stop: vi.fn() }
  const getUserMedia = vi.fn()
  beforeEach(() => {
    track.stop.mockReset()
    getUserMedia.mockReset()
    camera.blurred = false
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true })
    // jsdom plays no media.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  })

  it('shows the back camera with a frame, asks to retake a blurred frame, and stops once the photo is taken', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [track] })
    const user = userEvent.setup()
    openWith(NONE)
    const region = await section()
    await user.click(await within(region).findByRole('button', { name: 'Открыть камеру' }))
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({
        audio: false,
        video: expect.objectContaining({ facingMode: { ideal: 'environment' } }),
      }),
    )
    const video = await within(region).findByLabelText('Камера: поместите документ в рамку')
    expect(video.tagName).toBe('VIDEO')
    camera.blurred = true
    await user.click(within(region).getByRole('button', { name: 'Сделать снимок' }))
    expect((await within(region).findByRole('alert')).textContent).toMatch(/Фото размыто/)
    expect(track.stop).not.toHaveBeenCalled()
    camera.blurred = false
    await user.click(within(region).getByRole('button', { name: 'Сделать снимок' }))
    expect(await within(region).findByRole('img', { name: 'Ваше фото: Лицевая сторона' })).toBeTruthy()
    expect(track.stop).toHaveBeenCalled()
    expect(within(region).queryByLabelText(/^Камера/)).toBeNull()
  })

  it('stops the camera when the step is left, and opens the front one for the selfie', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [track] })
    const user = userEvent.setup()
    openWith(NONE)
    const region = await section()
    await user.click(await within(region).findByRole('button', { name: 'Открыть камеру' }))
    await within(region).findByLabelText('Камера: поместите документ в рамку')
    await user.click(within(region).getByRole('radio', { name: 'ID-карта' }))
    expect(track.stop).toHaveBeenCalled()
    await pickAndGoOn(region, 'front.jpg')
    await pickAndGoOn(region, 'back.jpg')
    await user.click(within(region).getByRole('button', { name: 'Открыть камеру' }))
    expect(getUserMedia).toHaveBeenLastCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'user' } }) }),
    )
    expect(await within(region).findByLabelText('Камера: ваше лицо и документ')).toBeTruthy()
  })

  it('says so when the camera is refused, and leaves the file picker', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'))
    const user = userEvent.setup()
    openWith(NONE)
    const region = await section()
    await user.click(await within(region).findByRole('button', { name: 'Открыть камеру' }))
    expect((await within(region).findByRole('alert')).textContent).toMatch(/Доступ к камере запрещён/)
    expect(within(region).getByLabelText('Выбрать файл с фото')).toBeTruthy()
    expect(within(region).queryByRole('button', { name: 'Открыть камеру' })).toBeNull()
  })
})

describe('the photo arithmetic', () => {
  it('scales a 12-megapixel frame to 2048 px on its long side, and never up', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 2048)).toEqual({ width: 2048, height: 1536 })
    expect(fitWithin({ width: 3000, height: 4000 }, 2048)).toEqual({ width: 1536, height: 2048 })
    expect(fitWithin({ width: 1200, height: 900 }, 2048)).toEqual({ width: 1200, height: 900 })
    expect(fitWithin({ width: 4000, height: 3000 }, 512)).toEqual({ width: 512, height: 384 })
  })

  it('finds a photo too small when its shorter side is under 600 px', () => {
    expect(isTooSmall({ width: 800, height: 599 })).toBe(true)
    expect(isTooSmall({ width: 600, height: 600 })).toBe(false)
  })

  it('turns RGBA bytes into grey levels', () => {
    expect([...toGray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255], 3)].map(Math.round)).toEqual([
      255, 0, 76,
    ])
  })

  it('measures sharp edges far above the threshold, and a blurred or empty frame below it', () => {
    const size = 64
    // Black and white stripes 4 px wide: a page of print.
    const stripes = Array.from({ length: size * size }, (_, i) => (((i % size) >> 2) % 2 ? 255 : 0))
    // The same page out of focus: a smooth ramp between the stripes' grey levels.
    const blurred = Array.from(
      { length: size * size },
      (_, i) => 128 + 20 * Math.sin(((i % size) / size) * Math.PI),
    )
    const empty = new Array<number>(size * size).fill(180)
    expect(laplacianVariance(stripes, size, size)).toBeGreaterThan(MIN_SHARPNESS * 10)
    expect(laplacianVariance(blurred, size, size)).toBeLessThan(MIN_SHARPNESS)
    expect(laplacianVariance(empty, size, size)).toBe(0)
    expect(laplacianVariance([1, 2, 3, 4], 2, 2)).toBe(0)
  })
})
