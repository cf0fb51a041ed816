import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '#contract/schemas/profile.ts'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { loadMemberMenuCatalog } from '#src/features/member-menu/catalog.ts'
import { UserMenu } from '#src/features/member-menu/user-menu.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

// Counts each import of the console's screens: a person who is not a moderator must never load them.
const imported = vi.hoisted(() => ({ queue: 0, audit: 0 }))
vi.mock('#src/features/admin/components/admin-queue.tsx', async (original) => {
  imported.queue += 1
  return original()
})
vi.mock('#src/features/admin/components/admin-audit-log.tsx', async (original) => {
  imported.audit += 1
  return original()
})

const QUEUE = '/api/admin/verifications'
const AUDIT = '/api/admin/audit'
const approvePath = (id: number) => `${QUEUE}/${id}/approve`
const denyPath = (id: number) => `${QUEUE}/${id}/deny`

const submissionOf = (id: number, name: string, surname: string, signature = 'a') => ({
  id,
  user: { id: id + 100, name, surname, slug: `${name}-${surname}-${id}`.toLowerCase(), avatar_thumb: null },
  type: 'passport',
  state: 'review',
  submitted_at: '2026-11-26T05:30:00.000Z',
  photos: {
    front: `/api/documents/${id}/front?r=9&e=1&s=${signature}`,
    back: null,
    selfie: `/api/documents/${id}/selfie?r=9&e=1&s=${signature}`,
  },
})
const AZIZ = submissionOf(12, 'Aziz', 'Karimov')
const MALIKA = submissionOf(13, 'Malika', 'Yusupova')

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
const moderator = () => profileOf({ id: 9, role: 'moderator' })

/** The console's screen, once its chunk and words are in (a lazy import on the first visit). */
const findScreen = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })

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

afterEach(() => {
  as(null)
  act(() => useAuthModal.getState().close())
})

// First in the file: the console's modules have not been imported by any test before these.
describe('who may open the console', () => {
  it('asks a guest to log in and brings them back to /admin, which is no page for a member', async () => {
    stubApi({ [`POST ${V1}/auth/login`]: () => ({ json: { token: 'access-1', profile: profileOf() } }) })
    const user = userEvent.setup()
    const router = openApp('/admin')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const dialog = await screen.findByRole('dialog')
    await user.type(await screen.findByLabelText('Номер телефона'), '901234567')
    await user.type(screen.getByLabelText('Пароль'), 'samarqand2026')
    await user.click(screen.getByRole('button', { name: 'Войти как заказчик' }))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy()
  })

  for (const role of ['user', 'support'] as const) {
    it(`shows a person with the role ${role} a page that is not there, and never loads the console`, async () => {
      as(profileOf({ role }))
      const api = stubApi({})
      openApp('/admin')
      expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy()
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
      cleanup()
      openApp('/admin/audit')
      await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })
      expect(imported).toEqual({ queue: 0, audit: 0 })
      expect(api.calls.filter((call) => call.path.startsWith('/api/admin'))).toEqual([])
    })
  }

  it('offers the console in the account menu to moderators only', async () => {
    const user = userEvent.setup()
    as(profileOf({ role: 'support' }))
    const view = renderInApp(<UserMenu />)
    await user.click(await screen.findByRole('button', { name: /Меню аккаунта/ }))
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Модерация' })).toBeNull()
    view.unmount()

    as(moderator())
    renderInApp(<UserMenu />)
    await user.click(await screen.findByRole('button', { name: /Меню аккаунта/ }))
    expect(screen.getByRole('link', { name: 'Модерация' }).getAttribute('href')).toBe('/admin')
  })
})

describe('/admin, the queue of documents', () => {
  function serverWith(
    queue = [AZIZ, MALIKA],
    answers: Record<string, () => { status?: number; json: unknown }> = {},
  ) {
    let signature = 'a'
    return stubApi({
      [`GET ${QUEUE}`]: ({ query }) => {
        const rows = queue.map((row) => submissionOf(row.id, row.user.name, row.user.surname, signature))
        signature += 'a'
        // One per page here, so that "more" is needed: the cursor names the last one shown.
        const after = query.get('cursor')
        const start = after ? rows.findIndex((row) => String(row.id) === after) + 1 : 0
        const page = rows.slice(start, start + 1)
        return {
          json: { collection: page, next_cursor: start + 1 < rows.length ? String(page[0]!.id) : null },
        }
      },
      [`POST ${approvePath(12)}`]: () => ({ json: { ...AZIZ, state: 'approved' } }),
      [`POST ${denyPath(12)}`]: () => ({ json: { ...AZIZ, state: 'denied' } }),
      ...answers,
    })
  }

  it('lists the oldest first with the person, the document, the time and the photos, then more on request', async () => {
    as(moderator())
    const api = serverWith()
    const user = userEvent.setup()
    openApp('/admin')
    await findScreen('Документы на проверку')
    expect(imported.queue).toBe(1)
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    const card = await screen.findByRole('article', { name: 'Aziz Karimov' })
    expect(
      within(card).getByRole('link', { name: 'Публичный профиль: Aziz Karimov' }).getAttribute('href'),
    ).toBe('/profile/aziz-karimov-12')
    expect(within(card).getByText('Паспорт')).toBeTruthy()
    // 05:30 UTC is 10:30 in Tashkent.
    expect(within(card).getByText(/10:30/)).toBeTruthy()
    const front = within(card).getByRole('img', { name: 'Лицевая сторона документа: Aziz Karimov' })
    expect(front.getAttribute('src')).toBe('/api/documents/12/front?r=9&e=1&s=a')
    expect(within(card).getByRole('img', { name: 'Селфи: Aziz Karimov' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Показать ещё документы' }))
    expect(await screen.findByRole('article', { name: 'Malika Yusupova' })).toBeTruthy()
    expect(api.last('GET', QUEUE)?.query.get('cursor')).toBe('12')
    expect(screen.queryByRole('button', { name: 'Показать ещё документы' })).toBeNull()

    const result = await axe.run(document.querySelector('.screen')!, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(result.violations.filter((one) => one.impact === 'serious' || one.impact === 'critical')).toEqual(
      [],
    )
  })

  it('enlarges a photo, and fetches fresh links when one fails to load (they expire after 5 minutes)', async () => {
    as(moderator())
    const api = serverWith()
    const user = userEvent.setup()
    openApp('/admin')
    const card = await screen.findByRole('article', { name: 'Aziz Karimov' }, { timeout: 10_000 })
    await user.click(within(card).getByRole('button', { name: 'Увеличить: Селфи: Aziz Karimov' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('img', { name: 'Селфи: Aziz Karimov' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }))

    fireEvent.error(within(card).getByRole('img', { name: 'Лицевая сторона документа: Aziz Karimov' }))
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Лицевая сторона документа: Aziz Karimov' }).getAttribute('src'),
      ).toBe('/api/documents/12/front?r=9&e=1&s=aa'),
    )
    expect(api.calls.filter((call) => call.path === QUEUE)).toHaveLength(2)
  })

  it('approves after a confirmation: the POST is sent and the item leaves the queue', async () => {
    as(moderator())
    const api = serverWith()
    const user = userEvent.setup()
    openApp('/admin')
    const card = await screen.findByRole('article', { name: 'Aziz Karimov' }, { timeout: 10_000 })
    await user.click(within(card).getByRole('button', { name: 'Подтвердить' }))
    const dialog = screen.getByRole('dialog', { name: 'Подтвердить документы: Aziz Karimov?' })
    expect(api.last('POST', approvePath(12))).toBeUndefined()
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Aziz Karimov' })).toBeNull())
    expect(api.last('POST', approvePath(12))).toBeTruthy()
    const notice = screen.getByText('Подтверждено: Aziz Karimov')
    expect(notice.getAttribute('role')).toBe('status')
    expect(document.activeElement).toBe(notice)
  })

  it('denies with a reason from the list and a note, sent as the body', async () => {
    as(moderator())
    const api = serverWith()
    const user = userEvent.setup()
    openApp('/admin')
    const card = await screen.findByRole('article', { name: 'Aziz Karimov' }, { timeout: 10_000 })
    await user.click(within(card).getByRole('button', { name: 'Отклонить' }))
    const dialog = screen.getByRole('dialog', { name: 'Отклонить документы: Aziz Karimov' })
    // No reason chosen yet: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('Выберите причину отказа.')
    expect(api.last('POST', denyPath(12))).toBeUndefined()

    const reasons = within(dialog).getByRole('group', { name: 'Причина' })
    expect(within(reasons).getAllByRole('radio')).toHaveLength(6)
    await user.click(within(reasons).getByRole('radio', { name: 'Фотографии невозможно разобрать' }))
    const note = within(dialog).getByRole('textbox', { name: 'Комментарий для специалиста (необязательно)' })
    await user.type(note, 'Сфотографируйте при дневном свете')
    expect(within(dialog).getByTestId('char-count').textContent).toBe('33/500')
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }))

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Aziz Karimov' })).toBeNull())
    expect(api.last('POST', denyPath(12))?.body).toEqual({
      reason: 'unreadable',
      text: 'Сфотографируйте при дневном свете',
    })
    expect(screen.getByText('Отклонено: Aziz Karimov')).toBeTruthy()
  })

  it('says so in the server words and takes the item out when another moderator decided first (409)', async () => {
    as(moderator())
    const message = 'Другой модератор уже принял решение по этим документам'
    serverWith([AZIZ, MALIKA], {
      [`POST ${approvePath(12)}`]: () => ({
        status: 409,
        json: errorBody('conflict', 'submission_decided', message),
      }),
    })
    const user = userEvent.setup()
    openApp('/admin')
    const card = await screen.findByRole('article', { name: 'Aziz Karimov' }, { timeout: 10_000 })
    await user.click(within(card).getByRole('button', { name: 'Подтвердить' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Подтвердить' }))

    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.queryByRole('article', { name: 'Aziz Karimov' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('/admin/audit', () => {
  const entryOf = (id: number, action: string, target: string, reason: string | null) => ({
    id,
    actor: { id: 9, name: 'Nodira' },
    action,
    target,
    reason,
    at: '2026-11-26T05:30:00.000Z',
  })

  it('lists the newest first, loads more after the cursor, and searches by target or action', async () => {
    as(moderator())
    const api = stubApi({
      [`GET ${AUDIT}`]: ({ query }) => {
        if (query.get('q') === 'identity_submission:12')
          return {
            json: {
              collection: [
                entryOf(5, 'verification.deny', 'identity_submission:12', 'unreadable: плохо видно'),
              ],
              next_cursor: null,
            },
          }
        if (query.get('cursor') === '7')
          return {
            json: {
              collection: [entryOf(6, 'document.read', 'identity_submission:13', 'selfie')],
              next_cursor: null,
            },
          }
        return {
          json: {
            collection: [
              entryOf(8, 'verification.approve', 'identity_submission:14', null),
              entryOf(7, 'document.read', 'identity_submission:12', 'front'),
            ],
            next_cursor: '7',
          },
        }
      },
    })
    const user = userEvent.setup()
    openApp('/admin/audit')
    await findScreen('Журнал аудита')
    const entries = await screen.findByRole('list', { name: 'Записи журнала аудита' })
    expect(within(entries).getAllByRole('listitem')).toHaveLength(2)
    expect(within(entries).getAllByRole('listitem')[0]!.textContent).toContain('Документы подтверждены')
    expect(within(entries).getAllByRole('listitem')[0]!.textContent).toContain('Nodira')
    expect(within(entries).getAllByRole('listitem')[1]!.textContent).toContain(
      'Просмотр фотографии документа',
    )
    expect(within(entries).getAllByRole('listitem')[1]!.textContent).toContain('10:30')
    // The side read, in words.
    expect(within(entries).getAllByRole('listitem')[1]!.textContent).toContain('Лицевая сторона')

    await user.click(screen.getByRole('button', { name: 'Показать ещё записи' }))
    await waitFor(() => expect(within(entries).getAllByRole('listitem')).toHaveLength(3))
    expect(api.last('GET', AUDIT)?.query.get('cursor')).toBe('7')

    await user.type(screen.getByRole('searchbox', { name: 'Объект или действие' }), 'identity_submission:12')
    await user.click(screen.getByRole('button', { name: 'Найти' }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Записи журнала аудита' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    )
    expect(api.last('GET', AUDIT)?.query.get('q')).toBe('identity_submission:12')
    expect(screen.getByText('Документы отклонены')).toBeTruthy()
    // The refusal's reason code in words, then the moderator's note as written.
    expect(screen.getByText('Фотографии невозможно разобрать: плохо видно')).toBeTruthy()

    const result = await axe.run(document.querySelector('.screen')!, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(result.violations.filter((one) => one.impact === 'serious' || one.impact === 'critical')).toEqual(
      [],
    )
  })
})
