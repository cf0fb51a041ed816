import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import type { Category } from '#contract/schemas/catalogue.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import type { Region } from '#contract/schemas/specialists.ts'
import {
  buyPlan,
  expectAccessible,
  logInQuietly,
  logInThroughModal,
  openPhone,
  registerSpecialist as register,
  useProduct,
} from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${product.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'accept-language': 'ru',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const registerSpecialist = (name: string, surname: string) => register(product.url, name, surname)

/**
 * A category with at least two services the editor offers: a service with sub-services is offered by them, named
 * "Service: sub-service" in the form that adds a specialty and by its own name once it is a line of the specialty.
 */
async function categoryWithTwoServices() {
  const { collection } = await call<{ collection: Category[] }>('GET', `${V1}/categories`)
  for (const brief of collection) {
    const category = await call<Category>('GET', `${V1}/categories/${brief.id}`)
    const services = (category.services ?? []).flatMap((service) =>
      service.children && service.children.length > 0
        ? service.children.map((child) => ({ offered: `${service.name}: ${child.name}`, name: child.name }))
        : [{ offered: service.name, name: service.name }],
    )
    if (services.length >= 2) return { name: category.name, services: [services[0]!, services[1]!] as const }
  }
  throw new Error('No category with two services')
}

/** A phone-camera-like JPEG (noise, so it keeps its size), portrait like a selfie. */
async function cameraJpeg(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / width) | 0) * 104729) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** An <img> that the browser actually decoded (not a broken link). */
async function expectLoaded(image: Locator) {
  await image.waitFor()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0)
}

/** Holds a request until the progress bar is on screen, so seeing it does not depend on the network's speed. */
async function holdUntilVisible(page: Page, url: RegExp, progress: Locator) {
  const state = { held: false }
  await page.route(url, async (route) => {
    await progress.waitFor()
    state.held = true
    await route.continue()
  })
  return state
}

const noSpaces = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '')
const pad = (value: number) => String(value).padStart(2, '0')
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`

describe('the profile editor against the real server', () => {
  test('a new specialist fills in their photo, a specialty with prices and districts, a portfolio work and a busy day, and a guest sees them on the public profile', async () => {
    const name = 'Dilnoza'
    const surname = 'Rahimova'
    const { phone, token } = await registerSpecialist(name, surname)
    // A busy day in the calendar needs the starter plan (docs/decisions/016); so do files over 2 MB.
    await buyPlan(product.url, token, 'starter')
    const category = await categoryWithTwoServices()
    const [first, second] = category.services
    const { collection: regions } = await call<{ collection: Region[] }>('GET', `${V1}/districts`)
    const region = regions.find((kept) => kept.districts.length >= 2)!
    const districts = [region.districts[0]!.name, region.districts[1]!.name]
    const work = 'Ремонт кухни на Чиланзаре'
    const busyTitle = 'Свадьба сестры'
    const busyDay = new Date()
    busyDay.setDate(busyDay.getDate() + 3)
    busyDay.setHours(10, 0, 0, 0)
    const busyEnd = new Date(busyDay)
    busyEnd.setHours(14)

    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/?modal=login`)
    await logInThroughModal(page, phone, 'executor')
    await page.waitForURL(`${product.url}/account`)
    await expect.poll(() => page.getByTestId('profile-mode').textContent()).toBe('Исполнитель')

    // The photo: chosen, cropped to a square, uploaded with a progress bar, shown.
    const photo = page.getByRole('region', { name: 'Фото', exact: true })
    await photo.getByText('Фото пока нет').waitFor()
    const avatarProgress = photo.getByRole('progressbar', { name: 'Загрузка фото' })
    const avatarUpload = await holdUntilVisible(page, /\/profile\/avatar$/, avatarProgress)
    await photo.getByLabel('Выбрать фото').setInputFiles({
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg(1200, 1600),
    })
    const crop = page.getByRole('dialog', { name: 'Обрежьте фото' })
    await crop.getByRole('button', { name: 'Выбрать это фото' }).click()
    await photo.getByText('Фото сохранено').waitFor({ timeout: 30_000 })
    expect(avatarUpload.held).toBe(true)
    const avatar = photo.getByRole('img', { name: `Вы, ${name} ${surname}` })
    await expectLoaded(avatar)
    expect(await avatar.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(
      await avatar.evaluate((element: HTMLImageElement) => element.naturalHeight),
    )

    // A specialty: a category, two of its services with prices from/to in so'm.
    const specialities = page.getByRole('region', { name: 'Специальности и цены' })
    const adding = specialities.getByRole('form', { name: 'Добавить специальность' })
    await adding.getByLabel('Категория').selectOption({ label: category.name })
    const prices = [
      [first.offered, '150000', '300000'],
      [second.offered, '80000', '120000'],
    ] as const
    for (const [service, from, to] of prices) {
      await adding.getByRole('checkbox', { name: service, exact: true }).check()
      await adding.getByLabel(`${service}: цена от, сум`).pressSequentially(from)
      await adding.getByLabel(`${service}: цена до, сум`).pressSequentially(to)
    }
    expect(await adding.getByLabel(`${first.offered}: цена от, сум`).inputValue()).toBe('150 000')
    await adding.getByRole('button', { name: 'Добавить специальность' }).click()
    const card = specialities.getByRole('article', { name: category.name })
    await card.waitFor()
    expect(await card.getByLabel(`${first.name}: цена от, сум`).inputValue()).toBe('150 000')
    expect(await card.getByLabel(`${second.name}: цена до, сум`).inputValue()).toBe('120 000')

    // Two districts.
    const places = page.getByRole('region', { name: 'Районы и адреса' })
    await places.locator('summary').filter({ hasText: region.name }).first().click()
    const regionGroup = places.getByRole('group', { name: region.name, exact: true })
    for (const district of districts)
      await regionGroup.getByRole('checkbox', { name: district, exact: true }).check()
    await places.getByRole('button', { name: 'Сохранить', exact: true }).click()
    await places.getByText('Сохранено', { exact: true }).waitFor()

    // A portfolio work with a photo: the upload's progress bar shows, then the photo.
    const portfolio = page.getByRole('region', { name: 'Портфолио' })
    await portfolio.getByLabel('Название работы').fill(work)
    await portfolio.getByLabel('Описание').fill('Новая кухня за две недели')
    await portfolio.getByRole('button', { name: 'Добавить', exact: true }).click()
    await portfolio.getByRole('heading', { name: work }).waitFor()
    const workProgress = portfolio.getByRole('progressbar', { name: 'Загружается kitchen.jpg' })
    const workUpload = await holdUntilVisible(page, /\/works\/\d+\/photos$/, workProgress)
    await portfolio.getByLabel(`Добавить фото к «${work}»`).setInputFiles({
      name: 'kitchen.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg(1600, 1200),
    })
    await expectLoaded(portfolio.getByRole('img', { name: `${work}, 1` }))
    expect(workUpload.held).toBe(true)
    expect(await workProgress.count()).toBe(0)

    // A busy day.
    const calendar = page.getByRole('region', { name: 'Календарь' })
    await calendar.getByLabel('Чем заняты').fill(busyTitle)
    await calendar.getByLabel('Начало').fill(localInput(busyDay))
    await calendar.getByLabel('Окончание').fill(localInput(busyEnd))
    await calendar.getByRole('button', { name: 'Добавить', exact: true }).click()
    await calendar.getByRole('heading', { name: busyTitle }).waitFor()
    await page.unrouteAll()

    // Everything is on the server: a reload finds it.
    await page.reload()
    await expectLoaded(photo.getByRole('img', { name: `Вы, ${name} ${surname}` }))
    await card.waitFor()
    await expect.poll(() => card.getByLabel(`${first.name}: цена от, сум`).inputValue()).toBe('150 000')
    expect(await card.getByLabel(`${first.name}: цена до, сум`).inputValue()).toBe('300 000')
    expect(await card.getByLabel(`${second.name}: цена от, сум`).inputValue()).toBe('80 000')
    expect(await card.getByLabel(`${second.name}: цена до, сум`).inputValue()).toBe('120 000')
    const chosen = places.getByRole('list', { name: 'Выбранные районы' })
    await expect.poll(() => chosen.innerText()).toContain(districts[0])
    expect(await chosen.innerText()).toContain(districts[1])
    await expectLoaded(portfolio.getByRole('img', { name: `${work}, 1` }))
    await calendar.getByRole('heading', { name: busyTitle }).waitFor()
    await places.locator('summary').filter({ hasText: region.name }).first().click()
    await regionGroup.getByRole('checkbox', { name: districts[0], exact: true }).waitFor()
    await expectAccessible(page, '/account with every section filled in and a region open')
    expect(problems).toEqual([])

    // A guest sees the photo, the prices, the districts, the portfolio work and the busy day.
    const me = await call<Profile>('GET', `${V1}/profile`, undefined, token)
    const guest = await openPhone(product.browser)
    await guest.page.goto(`${product.url}/profile/${me.slug}`)
    await guest.page.getByRole('heading', { name: `${name} ${surname}`, level: 1 }).waitFor()
    const shownPhoto = guest.page.locator('.public-profile__head img')
    await expectLoaded(shownPhoto)
    expect(await shownPhoto.getAttribute('src')).toBe(me.avatar)

    const services = guest.page.getByRole('region', { name: 'Услуги и цены' })
    const servicesText = await services.innerText()
    expect(servicesText).toContain(category.name)
    expect(servicesText).toContain(first.name)
    expect(servicesText).toContain(second.name)
    expect(noSpaces(servicesText)).toContain('150000–300000сум')
    expect(noSpaces(servicesText)).toContain('80000–120000сум')

    const where = guest.page.getByRole('region', { name: 'Где работает' })
    expect(await where.innerText()).toContain(districts[0])
    expect(await where.innerText()).toContain(districts[1])

    const shownWorks = guest.page.getByRole('region', { name: 'Портфолио' })
    await shownWorks.getByRole('heading', { name: work }).waitFor()
    await expectLoaded(shownWorks.getByRole('img', { name: `Открыть: ${work}, фото 1` }))

    const table = guest.page.getByRole('table', { name: 'Занятые и свободные дни ближайших недель' })
    const day = new Intl.DateTimeFormat('ru', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      busyDay,
    )
    await table.getByRole('cell', { name: `${day}: занят`, exact: true }).waitFor()
    expect(await table.getByRole('cell', { name: /: занят$/ }).count()).toBe(1)
    // The busy time's title is private.
    expect(await guest.page.locator('body').innerText()).not.toContain(busyTitle)
    expect(guest.problems).toEqual([])
    await guest.context.close()
  })

  test('the plan locks name their plan: a new specialist buys master, promotes the profile and stops it; sharing it needs professional', async () => {
    // Needs the server's enforcement (docs/decisions/016): GET /profile/share answers 403 plan_required_professional.
    const { phone, token } = await registerSpecialist('Aziza', 'Yusupova')
    const { page, problems } = await openPhone(product.browser)
    await logInQuietly(page, product.url, phone, 'executor')
    await page.goto(`${product.url}/account`)

    // Without a plan: promotion and statistics name Мастер, the calendar Стартер; each links to the wallet.
    const promotion = page.getByRole('region', { name: 'Продвижение' })
    await promotion.getByText('Доступно с тарифом «Мастер»').waitFor({ timeout: 30_000 })
    expect(await promotion.getByRole('link', { name: 'Выбрать тариф' }).getAttribute('href')).toBe('/wallet')
    const statistics = page.getByRole('region', { name: 'Статистика' })
    await statistics.getByText('Доступно с тарифом «Мастер»').waitFor()
    const calendar = page.getByRole('region', { name: 'Календарь' })
    await calendar.getByText('Доступно с тарифом «Стартер»').waitFor()
    expect(await calendar.getByLabel('Чем заняты').count()).toBe(0)
    await expectAccessible(page, '/account without a plan (locks)')

    // The header's "Share my profile": the professional plan's feature.
    const shareLocked = async () => {
      await page.getByRole('button', { name: 'Поделиться профилем' }).click()
      const dialog = page.getByRole('dialog', { name: 'Поделиться профилем' })
      await dialog.getByText('Доступно с тарифом «Профессионал»').waitFor()
      expect(await dialog.getByRole('textbox', { name: 'Ссылка на профиль' }).count()).toBe(0)
      await expectAccessible(page, 'the share dialog locked')
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
    }
    await shareLocked()

    // Master: the promotion section promotes for the chosen days and stops.
    await buyPlan(product.url, token, 'master')
    await page.goto(`${product.url}/account`)
    await promotion.getByText('Сейчас ваш профиль не продвигается.').waitFor({ timeout: 30_000 })
    const days = promotion.getByRole('spinbutton', { name: 'Дней продвижения, от 1 до 30' })
    await days.fill('5')
    await promotion.getByRole('button', { name: 'Продвигать' }).click()
    await promotion.getByText(/^Продвигается до /).waitFor()
    const ends = await call<{ promotion: { ends_at: string; active: boolean } | null }>(
      'GET',
      `${V1}/profile/promotion`,
      undefined,
      token,
    )
    expect(ends.promotion?.active).toBe(true)
    const daysAhead = (Date.parse(ends.promotion!.ends_at) - Date.now()) / 86_400_000
    expect(daysAhead).toBeGreaterThan(4.9)
    expect(daysAhead).toBeLessThanOrEqual(5)
    await statistics.getByRole('table', { name: 'Показатели по неделям' }).waitFor()
    await expectAccessible(page, '/account with master (promotion running)')
    await promotion.getByRole('button', { name: 'Остановить продвижение' }).click()
    await promotion.getByText('Сейчас ваш профиль не продвигается.').waitFor()

    // Master does not share the profile: still locked.
    await shareLocked()
    expect(problems).toEqual([])
  })
})
