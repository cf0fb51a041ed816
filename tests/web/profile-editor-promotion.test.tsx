import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor, WALLET_PATH, walletWith } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const PROMOTION = `${V1}/profile/promotion`
const running = {
  promotion: { starts_at: '2026-11-24T10:00:00.000Z', ends_at: '2026-12-04T10:00:00.000Z', active: true },
}

describe('the promotion section', () => {
  it('promotes the profile for the chosen days, says until when, and stops it', async () => {
    const user = userEvent.setup()
    const { server } = openEditor(EXECUTOR, {
      [`GET ${WALLET_PATH}`]: () => ({ json: walletWith('master') }),
      [`GET ${PROMOTION}`]: () => ({ json: { promotion: null } }),
      [`PUT ${PROMOTION}`]: () => ({ json: running }),
      [`DELETE ${PROMOTION}`]: () => ({
        json: { promotion: { ...running.promotion, ends_at: '2026-11-25T10:00:00.000Z', active: false } },
      }),
    })
    const region = await screen.findByRole('region', { name: 'Продвижение' })
    expect(await within(region).findByText('Сейчас ваш профиль не продвигается.')).toBeTruthy()
    const days = within(region).getByRole('spinbutton', { name: 'Дней продвижения, от 1 до 30' })
    await user.clear(days)
    await user.type(days, '31')
    expect(within(region).getByText('Укажите целое число дней от 1 до 30')).toBeTruthy()
    expect((within(region).getByRole('button', { name: 'Продвигать' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    await user.clear(days)
    await user.type(days, '10')
    await user.click(within(region).getByRole('button', { name: 'Продвигать' }))
    expect(server.last('PUT', PROMOTION)?.body).toEqual({ days: 10 })
    expect(await within(region).findByText(/^Продвигается до /)).toBeTruthy()

    await user.click(within(region).getByRole('button', { name: 'Остановить продвижение' }))
    await waitFor(() => expect(server.last('DELETE', PROMOTION)).toBeTruthy())
    expect(await within(region).findByText('Сейчас ваш профиль не продвигается.')).toBeTruthy()
    expect(within(region).queryByRole('button', { name: 'Остановить продвижение' })).toBeNull()
  })

  it('without the master plan shows the lock and does not ask for the promotion', async () => {
    const { server } = openEditor(EXECUTOR, { [`GET ${WALLET_PATH}`]: () => ({ json: walletWith(null) }) })
    const region = await screen.findByRole('region', { name: 'Продвижение' })
    expect(await within(region).findByText('Доступно с тарифом «Мастер»')).toBeTruthy()
    expect(within(region).getByRole('link', { name: 'Выбрать тариф' }).getAttribute('href')).toBe('/wallet')
    expect(within(region).queryByRole('spinbutton')).toBeNull()
    expect(server.calls.some((call) => call.path === PROMOTION)).toBe(false)
  })
})

describe('the other locks of the editor', () => {
  it('without a plan: calendar events listed but not editable, discount locked, 2 MB files, no 4th specialty', async () => {
    const speciality = (id: number) => ({
      id,
      active: true,
      category: { id, name: `Категория ${id}`, slug: `c${id}` },
      services: [],
    })
    openEditor(EXECUTOR, {
      [`GET ${WALLET_PATH}`]: () => ({ json: walletWith(null) }),
      [`GET ${V1}/speciality/${EXECUTOR.id}/all`]: () => ({
        json: { collection: [speciality(1), speciality(2), speciality(3)] },
      }),
      [`GET ${V1}/profile/${EXECUTOR.id}/calendar`]: () => ({
        json: {
          collection: [
            {
              id: 5,
              title: 'Свадьба',
              started_at: '2030-01-10T09:00:00.000Z',
              ended_at: '2030-01-10T18:00:00.000Z',
              period: 'once',
            },
          ],
          busy: [],
        },
      }),
    })
    const calendar = await screen.findByRole('region', { name: 'Календарь' })
    expect(await within(calendar).findByText('Свадьба')).toBeTruthy()
    expect(within(calendar).getByText('Доступно с тарифом «Стартер»')).toBeTruthy()
    expect(within(calendar).queryByRole('button', { name: /Изменить/ })).toBeNull()

    const discount = screen.getByRole('region', { name: 'Скидка' })
    expect(within(discount).getByText('Доступно с тарифом «Мастер»')).toBeTruthy()
    expect(within(discount).getByRole('textbox', { name: 'Скидка, %' })).toBeTruthy()

    const works = screen.getByRole('region', { name: 'Портфолио' })
    expect(within(works).getByText('Каждый файл — до 2 МБ.')).toBeTruthy()
    expect(within(works).getByText('Доступно с тарифом «Стартер»')).toBeTruthy()

    const specialities = screen.getByRole('region', { name: 'Специальности и цены' })
    expect(
      await within(specialities).findByText(/Без тарифа можно добавить до 3 специальностей/),
    ).toBeTruthy()
    expect(within(specialities).queryByRole('form', { name: 'Добавить специальность' })).toBeNull()
  })

  it('keeps the typed discount and shows the server’s refusal on its field', async () => {
    const user = userEvent.setup()
    openEditor(EXECUTOR, {
      [`GET ${WALLET_PATH}`]: () => ({ json: walletWith(null) }),
      [`PUT ${V1}/profile/${EXECUTOR.id}`]: () => ({
        status: 403,
        json: {
          error: {
            type: 'forbidden',
            code: 'plan_required_master',
            message: 'Доступно с тарифом «Мастер»',
            fields: { discount_percent: ['Доступно с тарифом «Мастер»'] },
          },
        },
      }),
    })
    const discount = await screen.findByRole('region', { name: 'Скидка' })
    const percent = within(discount).getByRole('textbox', { name: 'Скидка, %' }) as HTMLInputElement
    await user.clear(percent)
    await user.type(percent, '15')
    await user.click(within(discount).getByRole('button', { name: 'Сохранить' }))
    await waitFor(() => expect(percent.getAttribute('aria-invalid')).toBe('true'))
    expect(percent.value).toBe('15')
    expect(document.getElementById(percent.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Доступно с тарифом «Мастер»',
    )
  })
})
