import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Profile } from '#contract/schemas/profile.ts'
import { loadMemberMenuCatalog } from '#src/features/member-menu/catalog.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { errorBody, profileOf, stubApi, V1 } from './helpers.tsx'

const PROPOSALS = '/api/admin/services'
const REVIEWS = '/api/admin/reviews'

const proposalOf = (id: number, name: string) => ({
  id,
  names: { ru: name, en: name, oz: name, uz: name },
  description: null,
  suggested_slug: 'remont-chasov',
  category: { id: 3, slug: 'remont', name: 'Ремонт' },
  parent: null,
  proposed_by: { id: 40, name: 'Aziz', surname: 'Karimov' },
  proposed_at: '2026-11-26T05:30:00.000Z',
})
const WATCH = proposalOf(21, 'Ремонт часов')
const FORTUNE = proposalOf(22, 'Гадание')

const reviewOf = (id: number, hidden: { at: string; reason: string } | null = null) => ({
  id,
  order_id: id + 100,
  rating: id === 31 ? 1 : 5,
  comment: id === 31 ? 'Грубый отзыв' : 'Всё отлично',
  created_at: '2026-11-26T05:30:00.000Z',
  author: { id: 50 + id, name: 'Malika', surname: `Yusupova${id}` },
  specialist: { id: 60, name: 'Bobur', surname: 'Aliyev', slug: 'bobur-aliyev-60' },
  hidden,
})

function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

const moderator = () =>
  act(() =>
    useSession.setState({ token: 'token', profile: profileOf({ id: 9, role: 'moderator' }) as Profile }),
  )
const findScreen = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })

async function expectAccessible() {
  const result = await axe.run(document.querySelector('.screen')!, {
    rules: { 'color-contrast': { enabled: false } },
  })
  expect(result.violations.filter((one) => one.impact === 'serious' || one.impact === 'critical')).toEqual([])
}

beforeAll(() => loadMemberMenuCatalog())

beforeEach(() => {
  // The header's lazy parts ask the browser for these; jsdom has neither.
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as never) as never
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  } as never
})

afterEach(() => act(() => useSession.setState({ token: null, profile: null })))

describe('/admin/services, the proposed services', () => {
  const serverWith = (answers: Parameters<typeof stubApi>[0] = {}) =>
    stubApi({
      [`GET ${PROPOSALS}`]: () => ({ json: { collection: [WATCH, FORTUNE], next_cursor: null } }),
      ...answers,
    })

  it('lists each proposal with its category, proposer and time, and approves one under four names and an address', async () => {
    moderator()
    const api = serverWith({
      [`POST ${PROPOSALS}/21/approve`]: ({ body }) => ({
        json: {
          id: 21,
          outcome: 'approved',
          service: {
            id: 21,
            name: (body as { name_ru: string }).name_ru,
            slug: 'watch-repair',
            category_slug: 'remont',
          },
        },
      }),
    })
    const user = userEvent.setup()
    openApp('/admin/services')
    await findScreen('Предложенные услуги')
    const card = await screen.findByRole('article', { name: 'Ремонт часов' })
    expect(within(card).getByText('Ремонт')).toBeTruthy()
    expect(within(card).getByText('Aziz Karimov')).toBeTruthy()
    // 05:30 UTC is 10:30 in Tashkent.
    expect(within(card).getByText(/10:30/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Предложенные услуги' }).getAttribute('aria-current')).toBe(
      'page',
    )
    await expectAccessible()

    await user.click(within(card).getByRole('button', { name: 'Подтвердить' }))
    const dialog = await screen.findByRole('dialog', { name: 'Добавить «Ремонт часов» в каталог' })
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement
    expect(field('Название на русском').value).toBe('Ремонт часов')
    expect(field('Название на английском').value).toBe('Ремонт часов')
    expect(field('Адрес в категории').value).toBe('remont-chasov')
    await user.clear(field('Название на английском'))
    await user.clear(field('Адрес в категории'))
    await user.type(field('Адрес в категории'), 'Часы')
    await user.click(within(dialog).getByRole('button', { name: 'Добавить в каталог' }))
    expect(within(dialog).getByText('Напишите название на этом языке.')).toBeTruthy()
    expect(within(dialog).getByText('Латинские буквы, цифры и дефисы, хотя бы одна буква.')).toBeTruthy()
    expect(api.last('POST', `${PROPOSALS}/21/approve`)).toBeUndefined()
    await expectAccessible()

    await user.type(field('Название на английском'), 'Watch repair')
    await user.clear(field('Название на узбекском (латиница)'))
    await user.type(field('Название на узбекском (латиница)'), 'Soat ta’miri')
    await user.clear(field('Название на узбекском (кириллица)'))
    await user.type(field('Название на узбекском (кириллица)'), 'Соат таъмири')
    await user.clear(field('Адрес в категории'))
    await user.type(field('Адрес в категории'), 'watch-repair')
    await user.click(within(dialog).getByRole('button', { name: 'Добавить в каталог' }))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ремонт часов' })).toBeNull())
    expect(api.last('POST', `${PROPOSALS}/21/approve`)?.body).toEqual({
      name_ru: 'Ремонт часов',
      name_en: 'Watch repair',
      name_oz: 'Soat ta’miri',
      name_uz: 'Соат таъмири',
      slug: 'watch-repair',
    })
    expect(await screen.findByText('Добавлено в каталог: Ремонт часов')).toBeTruthy()
    expect(screen.getByRole('article', { name: 'Гадание' })).toBeTruthy()
  })

  it('says a taken address beside its field and keeps the form open', async () => {
    moderator()
    serverWith({
      [`POST ${PROPOSALS}/21/approve`]: () => ({
        status: 409,
        json: {
          error: {
            type: 'conflict',
            code: 'slug_taken',
            message: 'В этой категории уже есть услуга с таким адресом',
            fields: { slug: ['В этой категории уже есть услуга с таким адресом'] },
          },
        },
      }),
    })
    const user = userEvent.setup()
    openApp('/admin/services')
    const card = await screen.findByRole('article', { name: 'Ремонт часов' }, { timeout: 10_000 })
    await user.click(within(card).getByRole('button', { name: 'Подтвердить' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Добавить в каталог' }))
    const slug = within(dialog).getByLabelText('Адрес в категории')
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'))
    expect(
      within(dialog).getAllByText('В этой категории уже есть услуга с таким адресом').length,
    ).toBeGreaterThan(0)
    expect(screen.getByRole('article', { name: 'Ремонт часов' })).toBeTruthy()
  })

  it('merges into a service found among the category’s approved services', async () => {
    moderator()
    const api = serverWith({
      [`GET ${V1}/services`]: () => ({
        json: {
          collection: [
            {
              id: 7,
              name: 'Ремонт часов и ювелирных изделий',
              slug: 'chasy',
              description: null,
              parent: null,
              parent_slug: null,
              status: 'approved',
              category: { id: 3, slug: 'remont', name: 'Ремонт' },
            },
          ],
          meta: { page: 1, perPage: 20, total: 1 },
        },
      }),
      [`POST ${PROPOSALS}/21/merge`]: () => ({
        json: {
          id: 21,
          outcome: 'merged',
          service: { id: 7, name: 'x', slug: 'chasy', category_slug: 'remont' },
        },
      }),
    })
    const user = userEvent.setup()
    openApp('/admin/services')
    const card = await screen.findByRole('article', { name: 'Ремонт часов' }, { timeout: 10_000 })
    await user.click(within(card).getByRole('button', { name: 'Объединить' }))
    const dialog = await screen.findByRole('dialog', { name: 'Объединить «Ремонт часов» с услугой' })
    await user.click(within(dialog).getByRole('button', { name: 'Объединить' }))
    expect(within(dialog).getByText('Найдите и выберите услугу, с которой объединить.')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('Услуга категории «Ремонт»'), 'часы')
    await user.click(within(dialog).getByRole('button', { name: 'Найти' }))
    const search = api.last('GET', `${V1}/services`)!
    expect([search.query.get('category'), search.query.get('search')]).toEqual(['remont', 'часы'])
    await user.click(await within(dialog).findByRole('radio', { name: 'Ремонт часов и ювелирных изделий' }))
    await expectAccessible()
    await user.click(within(dialog).getByRole('button', { name: 'Объединить' }))
    expect(await screen.findByText('Объединено с услугой: Ремонт часов и ювелирных изделий')).toBeTruthy()
    expect(api.last('POST', `${PROPOSALS}/21/merge`)?.body).toEqual({ into: 7 })
  })

  it('rejects with a reason, and takes out a proposal another moderator decided first', async () => {
    moderator()
    const api = serverWith({
      [`POST ${PROPOSALS}/22/reject`]: () => ({ json: { id: 22, outcome: 'rejected', service: null } }),
      [`POST ${PROPOSALS}/21/reject`]: () => ({
        status: 409,
        json: errorBody(
          'conflict',
          'proposal_decided',
          'Другой модератор уже принял решение по этой предложенной услуге',
        ),
      }),
    })
    const user = userEvent.setup()
    openApp('/admin/services')
    const card = await screen.findByRole('article', { name: 'Гадание' }, { timeout: 10_000 })
    await user.click(within(card).getByRole('button', { name: 'Отклонить' }))
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить «Гадание»' })
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }))
    expect(within(dialog).getByText('Напишите причину.')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('Причина'), 'Такие услуги не размещаются')
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }))
    expect(await screen.findByText('Отклонено: Гадание')).toBeTruthy()
    expect(api.last('POST', `${PROPOSALS}/22/reject`)?.body).toEqual({
      reason: 'Такие услуги не размещаются',
    })

    const other = screen.getByRole('article', { name: 'Ремонт часов' })
    await user.click(within(other).getByRole('button', { name: 'Отклонить' }))
    const late = await screen.findByRole('dialog')
    await user.type(within(late).getByLabelText('Причина'), 'Дубликат')
    await user.click(within(late).getByRole('button', { name: 'Отклонить' }))
    expect(
      await screen.findByText('Другой модератор уже принял решение по этой предложенной услуге'),
    ).toBeTruthy()
    expect(screen.queryByRole('article', { name: 'Ремонт часов' })).toBeNull()
    expect(screen.getByText('Нет предложенных услуг на проверку.')).toBeTruthy()
  })
})

describe('/admin/reviews, the reviews', () => {
  const REVIEW = 'Отзыв Malika Yusupova31 о специалисте Bobur Aliyev'

  it('hides a review with a reason, shows it again, and narrows the list to one specialist', async () => {
    moderator()
    const api = stubApi({
      [`GET ${REVIEWS}`]: ({ query }) => ({
        json: {
          collection: query.get('specialist') ? [reviewOf(31)] : [reviewOf(31), reviewOf(32)],
          next_cursor: null,
        },
      }),
      [`POST ${REVIEWS}/31/hide`]: ({ body }) => ({
        json: reviewOf(31, { at: '2026-11-27T05:30:00.000Z', reason: (body as { reason: string }).reason }),
      }),
      [`POST ${REVIEWS}/31/unhide`]: () => ({ json: reviewOf(31) }),
    })
    const user = userEvent.setup()
    openApp('/admin/reviews')
    await findScreen('Отзывы')
    const card = await screen.findByRole('article', { name: REVIEW })
    expect(within(card).getByText('Грубый отзыв')).toBeTruthy()
    expect(within(card).getByText('Оценка: 1 из 5')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Bobur Aliyev' }).getAttribute('href')).toBe(
      '/profile/bobur-aliyev-60',
    )
    await expectAccessible()

    await user.click(within(card).getByRole('button', { name: 'Скрыть' }))
    const dialog = await screen.findByRole('dialog', { name: 'Скрыть отзыв: Malika Yusupova31' })
    await user.type(within(dialog).getByLabelText('Причина'), 'Оскорбления')
    await user.click(within(dialog).getByRole('button', { name: 'Скрыть' }))
    expect(await screen.findByText('Отзыв скрыт.')).toBeTruthy()
    expect(api.last('POST', `${REVIEWS}/31/hide`)?.body).toEqual({ reason: 'Оскорбления' })
    const hidden = screen.getByRole('article', { name: REVIEW })
    expect(within(hidden).getByText('Скрыт по причине')).toBeTruthy()
    expect(within(hidden).getByText('Оскорбления')).toBeTruthy()

    await user.click(within(hidden).getByRole('button', { name: 'Показать снова' }))
    expect(await screen.findByText('Отзыв снова показан.')).toBeTruthy()
    expect(api.last('POST', `${REVIEWS}/31/unhide`)).toBeDefined()
    expect(within(screen.getByRole('article', { name: REVIEW })).queryByText('Скрыт по причине')).toBeNull()

    await user.click(within(card).getByRole('button', { name: 'Все отзывы: Bobur Aliyev' }))
    expect(await screen.findByText('Только отзывы о специалисте Bobur Aliyev.')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(api.last('GET', REVIEWS)?.query.get('specialist')).toBe('60')
    await user.click(screen.getByRole('button', { name: 'Показать все отзывы' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
  })
})
