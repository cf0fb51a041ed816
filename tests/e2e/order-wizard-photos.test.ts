import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { apiLogin, customerOnWizard, DEMO_CUSTOMER, expectAccessible, useProduct } from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

/** A 3000×2000 phone-camera-like JPEG (noise, so it does not shrink to nothing by itself): about 3 MB. */
async function cameraJpeg() {
  const width = 3000
  const height = 2000
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / 3000) | 0) * 104729) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
}

const customerToken = () => apiLogin(product.url, DEMO_CUSTOMER)

const photos = (page: Page) => page.getByRole('group', { name: 'Фото' })

describe('photos of an order', () => {
  test('a customer attaches a photo, keeps it through a reload, publishes and finds it on the order as WebP', async () => {
    const { page, problems } = await customerOnWizard(product)
    const original = await cameraJpeg()
    expect(original.length).toBeGreaterThan(1024 * 1024)
    const name = `Помыть окна ${Date.now()}`
    await page.getByLabel('Что нужно сделать').fill(name)
    await page.getByLabel('Онлайн').check()

    // A file named .jpg is typed image/jpeg by the browser, whatever it holds.
    await photos(page)
      .getByLabel('Добавить фото')
      .setInputFiles({
        name: 'passport.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('not an image at all'),
      })
    await photos(page)
      .getByRole('alert')
      .getByText('Этот файл не фото. Выберите изображение JPEG, PNG, WebP или HEIC.')
      .waitFor()
    expect(await photos(page).getByRole('img').count()).toBe(0)

    const camera = { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: original }
    await photos(page).getByLabel('Добавить фото').setInputFiles(camera)
    await photos(page).getByRole('img', { name: 'Фото 1' }).waitFor()
    expect(await photos(page).getByRole('alert').count()).toBe(0)
    await photos(page).getByRole('button', { name: 'Убрать фото 1' }).click()
    expect(await photos(page).getByRole('img').count()).toBe(0)
    await photos(page).getByLabel('Добавить фото').setInputFiles(camera)
    await photos(page).getByRole('img', { name: 'Фото 1' }).waitFor()
    await expectAccessible(page, 'the wizard with a photo')

    // The photo is in the draft on the device: a reload finds it (autosave within 300 ms).
    await page.waitForTimeout(400)
    await page.reload()
    await page.getByText('Черновик восстановлен').waitFor()
    await photos(page).getByRole('img', { name: 'Фото 1' }).waitFor()
    expect(await photos(page).getByRole('img').count()).toBe(1)
    expect(await page.getByLabel('Что нужно сделать').inputValue()).toBe(name)

    // The upload is held until the progress bar is on screen, so seeing it does not depend on the network's speed.
    const progress = page.getByRole('progressbar', { name: 'Загружается фото 1 из 1' })
    let held = false
    await page.route(/\/orders\/\d+\/photos$/, async (route) => {
      await progress.waitFor()
      held = true
      await route.continue()
    })
    const upload = page.waitForResponse((response) => /\/orders\/\d+\/photos$/.test(response.url()))
    await page.getByRole('button', { name: 'Опубликовать заказ' }).click()
    expect((await upload).status()).toBe(200)
    expect(held).toBe(true)
    await page.waitForURL(/\/order\/\d+$/)
    const orderId = Number(page.url().split('/').at(-1))

    const shown = page.getByRole('region', { name: 'Фото' })
    await shown.getByRole('img').first().waitFor()
    expect(await shown.getByRole('img').count()).toBe(1)
    await shown.getByRole('button').first().click()
    await page.getByRole('dialog', { name: 'Фото 1 из 1' }).waitFor()

    const response = await fetch(`${product.url}${V1}/orders/${orderId}`, {
      headers: { authorization: `Bearer ${await customerToken()}` },
    })
    const order = (await response.json()) as { name: string; photos: string[] }
    expect(order.name).toBe(name)
    expect(order.photos).toHaveLength(1)
    const served = await fetch(new URL(order.photos[0]!, product.url))
    expect(served.ok).toBe(true)
    const bytes = Buffer.from(await served.arrayBuffer())
    expect((await sharp(bytes).metadata()).format).toBe('webp')
    expect(bytes.length).toBeLessThan(original.length)
    expect(problems).toEqual([])
  })
})
