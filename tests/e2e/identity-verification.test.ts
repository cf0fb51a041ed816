import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { expectAccessible, logInQuietly, openPhone, registerSpecialist, useProduct } from './helpers.ts'

const product = useProduct()

/** A phone camera's frame: fine detail all over (so it keeps its size and reads as sharp), `width` x `height`. */
async function cameraJpeg(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / width) | 0) * 104729) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** One frame of raw video (YUV4MPEG2, 4:2:0) with the camera JPEG's fine detail in its brightness. */
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

describe('identity verification in the profile editor', () => {
  test('a specialist on a 360 px phone sends a 12-megapixel passport photo and a selfie, compressed here, and sees them under review', async () => {
    const { phone } = await registerSpecialist(product.url, 'Aziz', 'Tursunov')
    const context = await product.browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'ru-RU',
    })
    const { page, problems } = await openPhone(product.browser, { context })
    // What the form sends of each photo (tus PATCHes a Blob): Playwright does not show a Blob body.
    await context.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send
      const sizes: number[] = []
      Object.assign(window, { sentSizes: sizes })
      XMLHttpRequest.prototype.send = function (
        this: XMLHttpRequest,
        body?: Document | XMLHttpRequestBodyInit | null,
      ) {
        if (body instanceof Blob) sizes.push(body.size)
        send.call(this, body as XMLHttpRequestBodyInit | null)
      }
    })
    await logInQuietly(page, product.url, phone, 'executor')
    await page.goto(`${product.url}/account`)

    const section = page.getByRole('region', { name: 'Проверка личности' })
    await section.getByText(/значок «Проверен»/).waitFor({ timeout: 30_000 })
    await expectAccessible(page, '/account, verification not started')
    const front = await cameraJpeg(4000, 3000)
    await section.getByLabel('Выбрать файл с фото').setInputFiles({
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: front,
    })
    await section.getByRole('img', { name: 'Ваше фото: Лицевая сторона' }).waitFor({ timeout: 30_000 })
    await section.getByRole('button', { name: 'Далее' }).click()
    await section.getByLabel('Выбрать файл с фото').setInputFiles({
      name: 'IMG_0002.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg(1200, 1600),
    })
    await section.getByRole('img', { name: 'Ваше фото: Селфи с документом' }).waitFor({ timeout: 30_000 })
    await section.getByRole('button', { name: 'Далее' }).click()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectAccessible(page, '/account, documents ready to send')

    await section.getByRole('button', { name: 'Отправить на проверку' }).click()
    await section.getByText(/Документы на проверке с/).waitFor({ timeout: 30_000 })
    const [frontSent, selfieSent] = await page.evaluate(
      () => (window as unknown as { sentSizes: number[] }).sentSizes,
    )
    // Re-encoded at 2048 px as a JPEG: far under the 5 MB a photo the server takes (this 7.7 MB frame: about 1.1 MB).
    expect(frontSent).toBeLessThan(front.length)
    expect(frontSent).toBeLessThan(2 * 1024 * 1024)
    expect(selfieSent).toBeGreaterThan(0)
    expect(problems).toEqual([])
  })

  test('a specialist takes the document with the camera inside the page, and the camera stops once it is taken', async () => {
    const { phone } = await registerSpecialist(product.url, 'Malika', 'Saidova')
    // Chromium's fake camera showing a detailed frame (its own test pattern is flat enough to be judged blurred),
    // and an accepted permission prompt.
    const folder = await mkdtemp(join(tmpdir(), 'fika-camera-'))
    const file = join(folder, 'document.y4m')
    await writeFile(file, y4mFrame(1920, 1080))
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${file}`,
      ],
    })
    try {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        locale: 'ru-RU',
        permissions: ['camera'],
      })
      // Counts the camera's tracks stopped, which the page cannot show.
      await context.addInitScript(() => {
        const stop = MediaStreamTrack.prototype.stop
        Object.assign(window, { stoppedTracks: 0 })
        MediaStreamTrack.prototype.stop = function () {
          ;(window as unknown as { stoppedTracks: number }).stoppedTracks++
          stop.call(this)
        }
      })
      const { page, problems } = await openPhone(browser, { context })
      await logInQuietly(page, product.url, phone, 'executor')
      await page.goto(`${product.url}/account`)
      const section = page.getByRole('region', { name: 'Проверка личности' })
      await section.getByRole('button', { name: 'Открыть камеру' }).click({ timeout: 30_000 })
      const preview = section.getByLabel('Камера: поместите документ в рамку')
      await expect
        .poll(() => preview.evaluate((element: HTMLVideoElement) => element.videoWidth))
        .toBeGreaterThan(0)
      const live = () =>
        preview.evaluate((element: HTMLVideoElement) =>
          ((element.srcObject as MediaStream | null)?.getTracks() ?? []).map((track) => track.readyState),
        )
      expect(await live()).toEqual(['live'])
      const frame = await preview.evaluate(
        (element: HTMLVideoElement) => `${element.videoWidth}x${element.videoHeight}`,
      )
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
      await expectAccessible(page, '/account, the camera open')
      await section.getByRole('button', { name: 'Сделать снимок' }).click()
      await section
        .getByRole('img', { name: 'Ваше фото: Лицевая сторона' })
        .or(section.getByRole('alert'))
        .first()
        .waitFor({ timeout: 30_000 })
      const alert = await section.getByRole('alert').allTextContents()
      expect(alert, `the fake camera's ${frame} frame`).toEqual([])
      expect(await section.getByLabel(/^Камера/).count()).toBe(0)
      expect(await page.evaluate(() => (window as unknown as { stoppedTracks: number }).stoppedTracks)).toBe(
        1,
      )
      expect(problems).toEqual([])
    } finally {
      await browser.close()
      await rm(folder, { recursive: true, force: true })
    }
  })
})
