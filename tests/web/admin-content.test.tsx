import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Profile } from '#contract/schemas/profile.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { errorBody, profileOf, stubApi } from './helpers.tsx'

const CONTENT = '/api/admin/content'
const four = (ru: string, en = '', oz = '', uz = '') => ({ ru, en, oz, uz })

const ABOUT = {
  slug: 'about',
  kind: 'page',
  title: four('О нас', 'About us', 'Biz haqimizda', 'Биз ҳақимизда'),
  description: four('Кто мы'),
  body: four('Мы **Fika**', 'We are **Fika**'),
}
const PAGES = {
  collection: [
    { slug: 'about', kind: 'page', title: ABOUT.title },
    { slug: 'privacy-policy', kind: 'legal', title: four('Политика конфиденциальности') },
  ],
}
const CATEGORIES = {
  collection: [
    { slug: 'news', name: four('Новости', 'News') },
    { slug: 'for-customers', name: four('Заказчикам', 'For customers') },
  ],
}
const POST = {
  slug: 'spring-tips',
  category: 'news',
  published_at: null,
  title: four('Весенние советы'),
  description: four(''),
  body: four('Совет'),
}

function openEditor() {
  act(() =>
    useSession.setState({
      token: 'token',
      profile: profileOf({ id: 9, role: 'moderator' }) as Profile,
    }),
  )
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/admin/content'] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return screen.findByRole('heading', { level: 1, name: 'Содержимое сайта' }, { timeout: 10_000 })
}

beforeEach(() => {
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

describe('/admin/content, pages and documents', () => {
  it('edits a page in each language, previews it as the public page draws it, and saves', async () => {
    const api = stubApi({
      [`GET ${CONTENT}/pages`]: () => ({ json: PAGES }),
      [`GET ${CONTENT}/pages/about`]: () => ({ json: ABOUT }),
      [`PUT ${CONTENT}/pages/about`]: ({ body }) => ({ json: { ...ABOUT, ...(body as object) } }),
    })
    const user = userEvent.setup()
    await openEditor()
    expect(screen.getByRole('link', { name: 'Содержимое сайта' }).getAttribute('aria-current')).toBe('page')
    await user.selectOptions(await screen.findByLabelText('Страница или документ'), 'about')
    const body = await screen.findByLabelText('Текст (Русский)')
    expect((body as HTMLTextAreaElement).value).toBe('Мы **Fika**')
    await user.clear(body)
    await user.type(body, 'Мы **рядом** <script>alert(1)</script>')

    await user.click(screen.getByRole('button', { name: 'English' }))
    const title = screen.getByLabelText('Заголовок (English)')
    await user.clear(title)
    await user.type(title, 'About Fika')

    // The preview of a language left empty shows the Russian text, as the public page would.
    await user.click(screen.getByRole('button', { name: "O'zbekcha" }))
    await user.clear(screen.getByLabelText("Текст (O'zbekcha)"))
    await user.click(screen.getByRole('button', { name: 'Предпросмотр' }))
    const preview = screen.getByRole('region', { name: "Предпросмотр: O'zbekcha" })
    expect(within(preview).getByText('рядом').tagName).toBe('STRONG')
    expect(within(preview).getByRole('heading', { level: 2, name: 'Biz haqimizda' })).toBeTruthy()
    // Raw HTML is not drawn: no script element comes from the text.
    expect(preview.querySelector('script')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Сохранить' }))
    expect(await screen.findByText('Сохранено: публичная страница уже показывает новый текст.')).toBeTruthy()
    expect(api.last('PUT', `${CONTENT}/pages/about`)?.body).toEqual({
      title: { ...ABOUT.title, en: 'About Fika' },
      description: ABOUT.description,
      body: { ru: 'Мы **рядом** <script>alert(1)</script>', en: 'We are **Fika**', oz: '', uz: '' },
    })
    const result = await axe.run(document.querySelector('.screen')!, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(result.violations.filter((one) => one.impact === 'serious' || one.impact === 'critical')).toEqual(
      [],
    )
  })

  it('shows the server’s reasons beside the fields of the language they are about', async () => {
    stubApi({
      [`GET ${CONTENT}/pages`]: () => ({ json: PAGES }),
      [`GET ${CONTENT}/pages/about`]: () => ({ json: ABOUT }),
      [`PUT ${CONTENT}/pages/about`]: () => ({
        status: 400,
        json: {
          error: {
            ...errorBody('validation', 'content_title_max', 'Заголовок не длиннее 200 символов').error,
            fields: { 'title.en': ['Заголовок не длиннее 200 символов'] },
          },
        },
      }),
    })
    const user = userEvent.setup()
    await openEditor()
    await user.selectOptions(await screen.findByLabelText('Страница или документ'), 'about')
    await screen.findByLabelText('Текст (Русский)')
    await user.click(screen.getByRole('button', { name: 'Сохранить' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Заголовок не длиннее 200 символов')
    await user.click(screen.getByRole('button', { name: /English/ }))
    const title = screen.getByLabelText('Заголовок (English)')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(title.getAttribute('aria-describedby')).toBeTruthy()
  })
})

describe('/admin/content, the blog', () => {
  it('creates a draft post, then publishes it', async () => {
    const api = stubApi({
      [`GET ${CONTENT}/blog/categories`]: () => ({ json: CATEGORIES }),
      [`GET ${CONTENT}/blog/posts`]: () => ({ json: { collection: [], next_cursor: null } }),
      [`POST ${CONTENT}/blog/posts`]: ({ body }) => {
        const { published: _published, ...rest } = body as typeof POST & { published: boolean }
        return { status: 201, json: { ...rest, published_at: null } }
      },
      [`PUT ${CONTENT}/blog/posts/spring-tips`]: ({ body }) => {
        const { published: _published, ...rest } = body as typeof POST & { published: boolean }
        return { json: { ...rest, published_at: '2026-11-27T10:00:00.000Z' } }
      },
    })
    const user = userEvent.setup()
    await openEditor()
    await user.click(screen.getByRole('button', { name: 'Блог' }))
    await user.click(await screen.findByRole('button', { name: 'Новая статья' }))
    await user.type(screen.getByLabelText('Адрес статьи'), 'spring-tips')
    await user.selectOptions(screen.getByLabelText('Категория'), 'news')
    await user.type(screen.getByLabelText('Заголовок (Русский)'), 'Весенние советы')
    await user.type(screen.getByLabelText('Текст (Русский)'), 'Совет')
    await user.click(screen.getByRole('button', { name: 'Создать статью' }))
    expect(await screen.findByText('Сохранено как черновик: его видят только модераторы.')).toBeTruthy()
    expect(api.last('POST', `${CONTENT}/blog/posts`)?.body).toMatchObject({
      slug: 'spring-tips',
      category: 'news',
      published: false,
      title: four('Весенние советы'),
    })
    const list = screen.getByRole('list', { name: 'Статьи блога' })
    expect(within(list).getByText(/Черновик/)).toBeTruthy()

    await user.click(screen.getByLabelText('Опубликована: её могут читать все'))
    await user.click(screen.getByRole('button', { name: 'Сохранить статью' }))
    expect(await screen.findByText('Сохранено и опубликовано: блог уже показывает статью.')).toBeTruthy()
    expect(api.last('PUT', `${CONTENT}/blog/posts/spring-tips`)?.body).toMatchObject({ published: true })
    await waitFor(() => expect(within(list).getByText(/Опубликована/)).toBeTruthy())
  })

  it('says so when an address is taken, beside the address', async () => {
    stubApi({
      [`GET ${CONTENT}/blog/categories`]: () => ({ json: CATEGORIES }),
      [`GET ${CONTENT}/blog/posts`]: () => ({
        json: { collection: [{ ...POST, published_at: '2026-11-01T10:00:00.000Z' }], next_cursor: null },
      }),
      [`GET ${CONTENT}/blog/posts/spring-tips`]: () => ({ json: POST }),
      [`PUT ${CONTENT}/blog/posts/spring-tips`]: () => ({
        status: 409,
        json: {
          error: {
            ...errorBody('conflict', 'slug_taken', 'Этот адрес уже занят').error,
            fields: { slug: ['Этот адрес уже занят'] },
          },
        },
      }),
    })
    const user = userEvent.setup()
    await openEditor()
    await user.click(screen.getByRole('button', { name: 'Блог' }))
    await user.click(await screen.findByRole('button', { name: 'Весенние советы' }))
    const address = await screen.findByLabelText('Адрес статьи')
    await user.click(screen.getByRole('button', { name: 'Сохранить статью' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Этот адрес уже занят')
    expect(address.getAttribute('aria-invalid')).toBe('true')
  })
})

describe('/admin/content, the marquee', () => {
  it('adds an item, edits one, moves it up and removes it', async () => {
    const items = [
      { id: 1, title: four('Первый') },
      { id: 2, title: four('Второй') },
    ]
    const api = stubApi({
      [`GET ${CONTENT}/marquee`]: () => ({ json: { collection: items } }),
      [`POST ${CONTENT}/marquee`]: ({ body }) => ({ status: 201, json: { id: 3, ...(body as object) } }),
      [`PUT ${CONTENT}/marquee/2`]: ({ body }) => ({ json: { id: 2, ...(body as object) } }),
      [`PUT ${CONTENT}/marquee/order`]: () => ({
        json: {
          collection: [items[1], items[0], { id: 3, title: four('Скидки недели', 'Deals of the week') }],
        },
      }),
      [`DELETE ${CONTENT}/marquee/1`]: () => ({ json: { ok: true } }),
    })
    const user = userEvent.setup()
    await openEditor()
    await user.click(screen.getByRole('button', { name: 'Бегущая строка' }))
    const newItem = await screen.findByRole('region', { name: 'Новый пункт' })
    await user.type(within(newItem).getByLabelText('Текст (Русский)'), 'Скидки недели')
    await user.type(within(newItem).getByLabelText('Текст (English)'), 'Deals of the week')
    await user.click(within(newItem).getByRole('button', { name: 'Добавить в бегущую строку' }))
    expect(await screen.findByRole('form', { name: 'Пункт 3: Скидки недели' })).toBeTruthy()
    expect(api.last('POST', `${CONTENT}/marquee`)?.body).toEqual({
      title: four('Скидки недели', 'Deals of the week'),
    })

    const second = screen.getByRole('form', { name: 'Пункт 2: Второй' })
    await user.type(within(second).getByLabelText('Текст (English)'), 'Second')
    await user.click(within(second).getByRole('button', { name: 'Сохранить' }))
    expect(await within(second).findByText('Сохранено: бегущая строка уже показывает это.')).toBeTruthy()
    expect(api.last('PUT', `${CONTENT}/marquee/2`)?.body).toEqual({ title: four('Второй', 'Second') })

    await user.click(screen.getByRole('button', { name: 'Выше: Второй' }))
    expect(await screen.findByText('Новый порядок сохранён.')).toBeTruthy()
    expect(api.last('PUT', `${CONTENT}/marquee/order`)?.body).toEqual({ ids: [2, 1, 3] })
    expect(screen.getByRole('form', { name: 'Пункт 1: Второй' })).toBeTruthy()

    await user.click(
      within(screen.getByRole('form', { name: 'Пункт 2: Первый' })).getByRole('button', { name: 'Удалить' }),
    )
    await waitFor(() => expect(screen.queryByRole('form', { name: /Первый/ })).toBeNull())
  })
})
