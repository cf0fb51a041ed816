import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '#contract/schemas/profile.ts'
import type { AdminReport } from '#contract/schemas/reports.ts'
import { ReportButton } from '#src/components/report-button.tsx'
import { loadLaterWords } from '#src/lib/lazy-catalog.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

const REPORTS = '/api/admin/reports'

const base = {
  text: '',
  created_at: '2026-11-26T05:30:00.000Z',
  hidden: false,
  conversation: null,
  order: null,
  profile: null,
}
const MESSAGE: AdminReport = {
  ...base,
  kind: 'message',
  id: 4,
  reason: 'abuse',
  text: 'Грубит',
  reporter: { id: 1, name: 'Dilnoza Rahimova' },
  author: { id: 2, name: 'Aziz Karimov', blocked: false, staff: false },
  conversation: {
    chat_id: 7,
    messages: [
      {
        id: 10,
        sender_id: 1,
        from_support: false,
        kind: 'text',
        text: 'Когда придёте?',
        photo: null,
        hidden: false,
        reported: false,
        created_at: base.created_at,
      },
      {
        id: 11,
        sender_id: 2,
        from_support: false,
        kind: 'text',
        text: 'Не ваше дело',
        photo: null,
        hidden: false,
        reported: true,
        created_at: base.created_at,
      },
    ],
  },
}
const ORDER: AdminReport = {
  ...base,
  kind: 'order',
  id: 5,
  reason: 'fraud',
  reporter: { id: 1, name: 'Dilnoza Rahimova' },
  author: { id: 3, name: 'Malika Yusupova', blocked: false, staff: false },
  order: { id: 21, name: 'Сомнительный заказ', description: 'Оплата вперёд', link: '/order/21' },
}

function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}
const as = (profile: ReturnType<typeof profileOf> | null) =>
  act(() => useSession.setState({ token: profile ? 'token' : null, profile: profile as Profile | null }))
const findScreen = () => screen.findByRole('heading', { level: 1, name: 'Жалобы' }, { timeout: 10_000 })
const decided = (kind: string, id: number, status: string) => () => ({ json: { kind, id, status } })

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
afterEach(() => as(null))

describe('/admin/reports', () => {
  it('lists a reported message with its conversation and an order, and hides and dismisses them', async () => {
    as(profileOf({ id: 9, role: 'moderator' }))
    const api = stubApi({
      [`GET ${REPORTS}`]: () => ({ json: { collection: [MESSAGE, ORDER], next_cursor: null } }),
      [`POST ${REPORTS}/message/4/hide`]: decided('message', 4, 'actioned'),
      [`POST ${REPORTS}/order/5/dismiss`]: decided('order', 5, 'dismissed'),
    })
    const user = userEvent.setup()
    openApp('/admin/reports')
    await findScreen()
    const [message, order] = within(
      await screen.findByRole('list', { name: 'Жалобы на рассмотрении' }),
    ).getAllByRole('article')
    expect(within(message!).getByRole('list', { name: 'Переписка вокруг сообщения' }).textContent).toContain(
      'Не ваше дело',
    )
    expect(message!.textContent).toContain('Оскорбления или угрозы')
    expect(within(order!).getByRole('link', { name: 'Сомнительный заказ' }).getAttribute('href')).toBe(
      '/order/21',
    )

    await user.click(within(message!).getByRole('button', { name: 'Скрыть' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(api.last('POST', `${REPORTS}/message/4/hide`)).toBeTruthy()
    await user.click(within(screen.getByRole('article')).getByRole('button', { name: 'Отклонить' }))
    expect(await screen.findByText('Жалоб на рассмотрении нет.')).toBeTruthy()
    expect(screen.getByText('Жалоба отклонена')).toBeTruthy()
  })

  it('warns and blocks the author through dialogs that ask for a reason', async () => {
    as(profileOf({ id: 9, role: 'moderator' }))
    const api = stubApi({
      [`GET ${REPORTS}`]: () => ({ json: { collection: [MESSAGE, ORDER], next_cursor: null } }),
      [`POST ${REPORTS}/message/4/warn`]: decided('message', 4, 'actioned'),
      [`POST /api/admin/users/3/block`]: () => ({ json: { id: 3, blocked: true } }),
    })
    const user = userEvent.setup()
    openApp('/admin/reports')
    await findScreen()
    const [message, order] = await screen.findAllByRole('article')

    await user.click(within(message!).getByRole('button', { name: 'Предупредить' }))
    const warn = await screen.findByRole('dialog', { name: 'Предупредить: Aziz Karimov' })
    await user.click(within(warn).getByRole('button', { name: 'Предупредить' }))
    expect(await within(warn).findByRole('alert')).toBeTruthy()
    await user.click(within(warn).getByRole('radio', { name: 'Оскорбления или угрозы' }))
    await user.type(
      within(warn).getByLabelText('Комментарий для пользователя (необязательно)'),
      'Будьте вежливы',
    )
    await user.click(within(warn).getByRole('button', { name: 'Предупредить' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1))
    expect(api.last('POST', `${REPORTS}/message/4/warn`)!.body).toEqual({
      reason: 'abuse',
      text: 'Будьте вежливы',
    })

    await user.click(within(order!).getByRole('button', { name: 'Заблокировать' }))
    const block = await screen.findByRole('dialog', { name: 'Заблокировать: Malika Yusupova' })
    await user.click(within(block).getByRole('radio', { name: 'Мошенничество' }))
    await user.click(within(block).getByRole('button', { name: 'Заблокировать' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.last('POST', '/api/admin/users/3/block')!.body).toEqual({ reason: 'fraud', text: '' })
    expect(screen.getByRole('article').textContent).toContain('(заблокирован)')
  })
})

describe('the Report button under an order and a profile', () => {
  it('sends a report of the order with a reason and thanks the person', async () => {
    await loadLaterWords()
    as(profileOf({ id: 1 }))
    const api = stubApi({ [`POST ${V1}/orders/21/report`]: () => ({ json: { id: 1, status: 'pending' } }) })
    const user = userEvent.setup()
    renderInApp(<ReportButton item={{ kind: 'order', id: 21 }} askToLogIn={() => undefined} />)
    await user.click(await screen.findByRole('button', { name: 'Пожаловаться' }))
    const dialog = await screen.findByRole('dialog', { name: 'Пожаловаться на заказ' })
    await user.click(within(dialog).getByRole('radio', { name: 'Мошенничество' }))
    await user.click(within(dialog).getByRole('button', { name: 'Отправить жалобу' }))
    expect(await within(dialog).findByRole('status')).toBeTruthy()
    expect(api.last('POST', `${V1}/orders/21/report`)!.body).toEqual({ reason: 'fraud', text: '' })
  })

  it('reports a profile by its id', async () => {
    await loadLaterWords()
    as(profileOf({ id: 1 }))
    const api = stubApi({ [`POST ${V1}/profiles/8/report`]: () => ({ json: { id: 2, status: 'pending' } }) })
    const user = userEvent.setup()
    renderInApp(<ReportButton item={{ kind: 'profile', id: 8 }} askToLogIn={() => undefined} />)
    await user.click(await screen.findByRole('button', { name: 'Пожаловаться' }))
    const dialog = await screen.findByRole('dialog', { name: 'Пожаловаться на профиль' })
    await user.click(within(dialog).getByRole('radio', { name: 'Спам' }))
    await user.click(within(dialog).getByRole('button', { name: 'Отправить жалобу' }))
    expect(await within(dialog).findByRole('status')).toBeTruthy()
    expect(api.last('POST', `${V1}/profiles/8/report`)!.body).toEqual({ reason: 'spam', text: '' })
  })

  it('asks a guest to log in first and opens no report', async () => {
    await loadLaterWords()
    as(null)
    const askToLogIn = vi.fn()
    const user = userEvent.setup()
    renderInApp(<ReportButton item={{ kind: 'order', id: 21 }} askToLogIn={askToLogIn} />)
    await user.click(await screen.findByRole('button', { name: 'Пожаловаться' }))
    expect(askToLogIn).toHaveBeenCalledOnce()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
