import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoSpecialistPhone } from '#server/seed/demo-specialists.ts'
import { PEOPLE } from '#server/seed/demo-specialists-data.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  expectAccessible,
  launchChromium,
  logInQuietly,
  openPhone,
  registerSpecialist,
} from './helpers.ts'
import { startProductWithModerator } from './moderated-product.ts'

/**
 * Identity verification from end to end on the real server: a specialist sends documents from a phone (tus), a
 * moderator decides in /admin, and the specialist and the customers see the decision. The demo customer is made a
 * moderator on the product's own database before it starts, as `npm run moderator -- add` does on a server.
 */

const V1 = '/api/fika/freelancer/v1.0.1'
const state = {} as {
  cameraDir: string
  product: Awaited<ReturnType<typeof startProductWithModerator>>
  browser: Browser
  camera: Browser
}
const phone = { viewport: { width: 360, height: 740 }, locale: 'ru-RU' }

/** One frame of raw video (YUV4MPEG2, 4:2:0) with fine detail in its brightness, so it reads as a sharp photo. */
function y4mFrame(width: number, height: number) {
  const luma = Buffer.alloc(width * height)
  for (let i = 0; i < luma.length; i++) luma[i] = (i * 7919 + ((i / width) | 0) * 104729) % 251
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`),
    luma,
    chroma,
  ])
}

/** A phone camera's 12-megapixel photo as a file: fine detail all over. */
async function cameraJpeg(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / width) | 0) * 104729) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

beforeAll(async () => {
  state.product = await startProductWithModerator(DEMO_CUSTOMER)
  state.browser = await launchChromium()
  // Chromium's fake camera showing a detailed 12-megapixel frame, with the permission prompt accepted.
  state.cameraDir = await mkdtemp(join(tmpdir(), 'fika-camera-'))
  const file = join(state.cameraDir, 'document.y4m')
  await writeFile(file, y4mFrame(4000, 3000))
  state.camera = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  })
})
afterAll(async () => {
  await state.camera?.close()
  await state.browser?.close()
  await state.product?.stop()
  if (state.cameraDir) await rm(state.cameraDir, { recursive: true, force: true })
})

/** Elements that stick out past the right edge of the viewport (the page scrolls sideways). */
const sticking = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 4)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`),
  )

/** The moderator's phone on the console's queue: the demo customer's session, who holds the role. */
async function moderatorOnQueue() {
  const url = state.product.url
  const token = await apiLogin(url, DEMO_CUSTOMER)
  const profile = (await (
    await fetch(`${url}${V1}/profile`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Record<string, unknown>
  expect(profile.role).toBe('moderator')
  const context = await state.browser.newContext(phone)
  await context.addInitScript(
    (kept) => localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 })),
    { token, profile },
  )
  const opened = await openPhone(state.browser, { context })
  await opened.page.goto(`${url}/admin`)
  await opened.page.getByRole('heading', { level: 1, name: 'Документы на проверку' }).waitFor()
  return { ...opened, context }
}

describe('verification reviewed by a moderator', () => {
  test('a specialist photographs an ID card and a selfie, submits, a moderator approves in /admin, and the badge appears on the public profile and in /executors', async () => {
    const url = state.product.url
    // A seeded specialist who offers services (so the list shows them) and has not been verified yet.
    const number = demoSpecialistPhone(PEOPLE.findIndex((person) => person.verification === 0))
    const token = await apiLogin(url, number, 'executor')
    const me = (await (
      await fetch(`${url}${V1}/profile`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { slug: string; name: string; surname: string }
    const name = `${me.name} ${me.surname}`

    // The specialist, on a phone with a camera.
    const context = await state.camera.newContext({ ...phone, permissions: ['camera'] })
    const specialist = await openPhone(state.camera, { context })
    const page = specialist.page
    await logInQuietly(page, url, number, 'executor')
    await page.goto(`${url}/account`)
    const section = page.getByRole('region', { name: 'Проверка личности' })
    await section.getByText(/значок «Проверен»/).waitFor({ timeout: 30_000 })
    await section.getByRole('radio', { name: 'ID-карта' }).check()
    for (const side of ['Лицевая сторона', 'Оборотная сторона', 'Селфи с документом']) {
      await section.getByRole('button', { name: 'Открыть камеру' }).click()
      const preview = section.getByLabel(/^Камера/)
      await expect
        .poll(() => preview.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 30_000 })
        .toBeGreaterThan(0)
      await section.getByRole('button', { name: 'Сделать снимок' }).click()
      await section
        .getByRole('img', { name: `Ваше фото: ${side}` })
        .or(section.getByRole('alert'))
        .first()
        .waitFor({ timeout: 30_000 })
      expect(await section.getByRole('alert').allTextContents(), side).toEqual([])
      await section.getByRole('button', { name: 'Далее' }).click()
    }
    expect(await sticking(page)).toEqual([])
    await expectAccessible(page, '/account, an ID card and a selfie ready to send')
    const uploads: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/uploads/documents'))
        uploads.push(request.url())
    })
    await section.getByRole('button', { name: 'Отправить на проверку' }).click()
    await section.getByText(/Документы на проверке с/).waitFor({ timeout: 60_000 })
    // The photos went up through tus, one upload each.
    expect(uploads).toHaveLength(3)
    await expectAccessible(page, '/account, documents under review')

    // The moderator, in a second browser context, approves.
    const moderator = await moderatorOnQueue()
    const card = moderator.page.getByRole('article', { name })
    await card.getByRole('img', { name: `Селфи: ${name}` }).waitFor()
    expect(await sticking(moderator.page)).toEqual([])
    await expectAccessible(moderator.page, '/admin with a real submission')
    await card.getByRole('button', { name: 'Подтвердить' }).click()
    const dialog = moderator.page.getByRole('dialog', { name: `Подтвердить документы: ${name}?` })
    await dialog.getByRole('button', { name: 'Подтвердить' }).click()
    await moderator.page.getByText(`Подтверждено: ${name}`).waitFor()
    await expect.poll(() => card.count()).toBe(0)
    expect(moderator.problems).toEqual([])
    await moderator.context.close()

    // The specialist sees it in the editor.
    await page.reload()
    await section.getByText('Ваша личность подтверждена', { exact: false }).waitFor({ timeout: 30_000 })

    // Customers see the badge on the public profile and find the specialist among the verified only.
    const guest = await openPhone(state.browser, { context: await state.browser.newContext(phone) })
    await guest.page.goto(`${url}/profile/${me.slug}`)
    await guest.page.getByRole('heading', { level: 1, name }).waitFor()
    await guest.page.getByText('Проверен', { exact: true }).first().waitFor()
    await expectAccessible(guest.page, 'the public profile with the badge')
    await guest.page.goto(`${url}/executors`)
    await guest.page.getByText('Фильтры', { exact: true }).click()
    // Their name in the search, as there are other verified specialists: the filter must keep them in the list.
    await guest.page.getByLabel('Имя или услуга', { exact: true }).fill(name)
    await guest.page.getByRole('checkbox', { name: 'Только проверенные специалисты' }).check()
    await guest.page.getByRole('button', { name: 'Найти специалистов' }).click()
    await expect.poll(() => new URL(guest.page.url()).searchParams.get('verified')).toBe('1')
    const listed = guest.page.getByRole('article', { name })
    await listed.getByText('Проверен', { exact: true }).waitFor()
    expect(await sticking(guest.page)).toEqual([])
    await expectAccessible(guest.page, '/executors, verified only')
    expect(guest.problems).toEqual([])
    expect(specialist.problems).toEqual([])
    await guest.context.close()
    await context.close()
  })

  test('a denied submission shows its reason and can be sent again', async () => {
    const url = state.product.url
    const { phone: number } = await registerSpecialist(url, 'Sardor', 'Nazarov')
    const name = 'Sardor Nazarov'
    const context = await state.browser.newContext(phone)
    const specialist = await openPhone(state.browser, { context })
    const page = specialist.page
    await logInQuietly(page, url, number, 'executor')
    await page.goto(`${url}/account`)
    const section = page.getByRole('region', { name: 'Проверка личности' })
    const sendPassport = async () => {
      for (const [size, side] of [
        [[4000, 3000], 'Лицевая сторона'],
        [[1200, 1600], 'Селфи с документом'],
      ] as const) {
        await section.getByLabel('Выбрать файл с фото').setInputFiles({
          name: 'IMG.jpg',
          mimeType: 'image/jpeg',
          buffer: await cameraJpeg(size[0], size[1]),
        })
        await section.getByRole('img', { name: `Ваше фото: ${side}` }).waitFor({ timeout: 30_000 })
        await section.getByRole('button', { name: 'Далее' }).click()
      }
      await section.getByRole('button', { name: 'Отправить на проверку' }).click()
      await section.getByText(/Документы на проверке с/).waitFor({ timeout: 60_000 })
    }
    await section.getByText(/значок «Проверен»/).waitFor({ timeout: 30_000 })
    await sendPassport()

    const note = 'На фото паспорта блик закрывает номер'
    const moderator = await moderatorOnQueue()
    const card = moderator.page.getByRole('article', { name })
    await card.getByRole('button', { name: 'Отклонить' }).click()
    const dialog = moderator.page.getByRole('dialog', { name: `Отклонить документы: ${name}` })
    await dialog.getByRole('radio', { name: 'Фотографии невозможно разобрать' }).check()
    await dialog.getByLabel('Комментарий для специалиста (необязательно)').fill(note)
    await expectAccessible(moderator.page, 'the refusal dialog with a reason and a note')
    await dialog.getByRole('button', { name: 'Отклонить' }).click()
    await expect.poll(() => card.count()).toBe(0)
    expect(moderator.problems).toEqual([])
    await moderator.context.close()

    // The specialist reads the reason in words and the moderator's note.
    await page.reload()
    await section.getByText('Документы не приняты.', { exact: false }).waitFor({ timeout: 30_000 })
    await section.getByText(/Фото не удалось прочитать: снимите при хорошем свете/).waitFor()
    await section.getByText(note, { exact: true }).waitFor()
    expect(await sticking(page)).toEqual([])
    await expectAccessible(page, '/account, documents denied')

    // And sends them again: under review once more.
    await section.getByRole('button', { name: 'Отправить документы снова' }).click()
    await sendPassport()
    expect(await section.getByText('Документы не приняты.', { exact: false }).count()).toBe(0)
    await expectAccessible(page, '/account, documents sent again')
    expect(specialist.problems).toEqual([])
    await context.close()
  })
})
