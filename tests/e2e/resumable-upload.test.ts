import { mkdtempSync } from 'node:fs'
import { cp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { expectAccessible, logInQuietly, openPhone, registerSpecialist, useProduct } from './helpers.ts'

// Its own data folder (a copy of the run's migrated and seeded one), so the test can watch the sealed bytes of an
// upload arrive on the server's disk.
const dataDir = mkdtempSync(join(tmpdir(), 'fika-e2e-resume-'))
beforeAll(async () => {
  const template = inject('productTemplate')
  if (template) await cp(template, dataDir, { recursive: true })
})
const product = useProduct({ DATA_DIR: dataDir })
afterAll(() => rm(dataDir, { recursive: true, force: true }))

/** 1.6 Mbit/s each way with 150 ms of latency: a slow mobile connection in Uzbekistan's regions. */
const SLOW = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 }

/** A phone camera's frame: fine detail all over, so it keeps its size once compressed. */
async function cameraJpeg(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / width) | 0) * 104729) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** The sealed bytes the server holds of the upload in progress (0 before it starts). */
async function bytesOnServer() {
  const folder = join(dataDir, 'document-uploads')
  const names = await readdir(folder).catch(() => [] as string[])
  const sizes = await Promise.all(
    names.map((name) =>
      stat(join(folder, name, 'chunks')).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  )
  return Math.max(0, ...sizes)
}

test('an upload cut at 50 % resumes from where it stopped, sending only the rest', async () => {
  const { phone } = await registerSpecialist(product.url, 'Dilshod', 'Rakhimov')
  const context = await product.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ru-RU' })
  const { page, problems } = await openPhone(product.browser, { context })
  await logInQuietly(page, product.url, phone, 'executor')
  await page.goto(`${product.url}/account`)
  const section = page.getByRole('region', { name: 'Проверка личности' })
  await section.getByText(/значок «Проверен»/).waitFor({ timeout: 30_000 })
  for (const [size, name] of [
    [[4000, 3000], 'Лицевая сторона'],
    [[1200, 1600], 'Селфи с документом'],
  ] as const) {
    await section
      .getByLabel('Выбрать файл с фото')
      .setInputFiles({ name: 'IMG.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(size[0], size[1]) })
    await section.getByRole('img', { name: `Ваше фото: ${name}` }).waitFor({ timeout: 30_000 })
    await section.getByRole('button', { name: 'Далее' }).click()
  }

  // Every PATCH the page sends: where it starts and how many bytes the photo has in all.
  const patches: { offset: number }[] = []
  let uploadLength = 0
  page.on('request', (request) => {
    const headers = request.headers()
    if (request.method() === 'POST' && request.url().includes('/api/uploads/documents'))
      uploadLength ||= Number(headers['upload-length'])
    if (request.method() === 'PATCH') patches.push({ offset: Number(headers['upload-offset']) })
  })
  // The request sending a photo, so the test can cut it as a lost connection would.
  await page.evaluate(() => {
    const open = XMLHttpRequest.prototype.open
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      if (method === 'PATCH') Object.assign(window, { sending: this })
      open.call(this, method, url, true)
    }
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW)
  await section.getByRole('button', { name: 'Отправить на проверку' }).click()

  // Half of the document's photo is on the server: the connection goes, mid-request.
  await expect
    .poll(async () => uploadLength > 0 && (await bytesOnServer()) >= uploadLength / 2, { timeout: 60_000 })
    .toBe(true)
  await page.evaluate(() => {
    const sending = (window as unknown as { sending: XMLHttpRequest }).sending
    sending.abort()
    sending.onerror?.(new ProgressEvent('error'))
  })

  // The client asks the server what it holds and sends only the rest.
  await section.getByText(/Документы на проверке с/).waitFor({ timeout: 60_000 })
  const [first, second] = patches
  expect(first!.offset).toBe(0)
  expect(second!.offset).toBeGreaterThanOrEqual(uploadLength / 2)
  expect(second!.offset).toBeLessThan(uploadLength)
  const resent = uploadLength - second!.offset
  console.info(
    `resumable upload: photo ${uploadLength} B, cut after ${second!.offset} B held by the server, resumed with ${resent} B`,
  )
  await expectAccessible(page, '/account, documents sent after a cut')
  expect(problems).toEqual([])
  await context.close()
})
