import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { errorBody, V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

// Tashkent times: the datetime-local fields read and are typed as Tashkent's clock says, in any time zone.
const event = {
  id: 5,
  title: 'Свадьба сестры',
  started_at: new Date('2026-12-05T10:00+05:00').toISOString(),
  ended_at: new Date('2026-12-05T20:00+05:00').toISOString(),
  period: 'once',
}
const section = () => screen.findByRole('region', { name: 'Календарь' })
const value = (element: HTMLElement) => (element as HTMLInputElement).value

const openEvent = async () => {
  const user = userEvent.setup()
  const region = await section()
  await user.click(await within(region).findByRole('button', { name: 'Изменить «Свадьба сестры»' }))
  const form = within(region).getByRole('form', { name: 'Изменение «Свадьба сестры»' })
  return { user, region, form: within(form) }
}

describe('editing a busy time in the calendar', () => {
  it('opens the event prefilled and saves title, start, end and weekly with PUT /calendar/{id}', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/calendar`]: () => ({ json: { collection: [event], busy: [] } }),
      [`PUT ${V1}/calendar/5`]: ({ body }) => ({ json: { id: 5, ...(body as object) } }),
    })
    const { user, region, form } = await openEvent()
    expect(value(form.getByLabelText('Чем заняты'))).toBe('Свадьба сестры')
    expect(value(form.getByLabelText('Начало'))).toBe('2026-12-05T10:00')
    expect(value(form.getByLabelText('Окончание'))).toBe('2026-12-05T20:00')
    expect((form.getByLabelText('Повторять каждую неделю') as HTMLInputElement).checked).toBe(false)

    await user.clear(form.getByLabelText('Чем заняты'))
    await user.type(form.getByLabelText('Чем заняты'), 'Уроки')
    await user.clear(form.getByLabelText('Окончание'))
    await user.type(form.getByLabelText('Окончание'), '2026-12-05T12:00')
    await user.click(form.getByLabelText('Повторять каждую неделю'))
    await user.click(form.getByRole('button', { name: 'Сохранить' }))

    await within(region).findByRole('heading', { name: 'Уроки' })
    expect(server.last('PUT', `${V1}/calendar/5`)?.body).toEqual({
      title: 'Уроки',
      started_at: new Date('2026-12-05T10:00+05:00').toISOString(),
      ended_at: new Date('2026-12-05T12:00+05:00').toISOString(),
      period: 'weekly',
    })
    expect(within(region).getByText('каждую неделю')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByText('Сохранено')))
    expect(keptEdits.has('9:calendar-5')).toBe(false)
  })

  it("shows the server's overlap message, keeps the edit, and Cancel restores the event", async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/calendar`]: () => ({ json: { collection: [event], busy: [] } }),
      [`PUT ${V1}/calendar/5`]: () => ({
        status: 409,
        json: errorBody(
          'conflict',
          'event_overlap',
          'Это время пересекается с событием 06.12.2026 09:00–11:00',
        ),
      }),
    })
    const { user, region, form } = await openEvent()
    await user.clear(form.getByLabelText('Окончание'))
    await user.type(form.getByLabelText('Окончание'), '2026-12-06T10:00')
    await user.click(form.getByRole('button', { name: 'Сохранить' }))
    expect((await form.findByRole('alert')).textContent).toBe(
      'Это время пересекается с событием 06.12.2026 09:00–11:00',
    )
    expect(value(form.getByLabelText('Окончание'))).toBe('2026-12-06T10:00')
    expect(keptEdits.get('9:calendar-5')).toMatchObject({ end: '2026-12-06T10:00' })
    expect(server.last('PUT', `${V1}/calendar/5`)).toBeTruthy()

    await user.click(form.getByRole('button', { name: 'Отмена' }))
    await within(region).findByRole('heading', { name: 'Свадьба сестры' })
    expect(within(region).queryByRole('form', { name: /Изменение/ })).toBeNull()
    await waitFor(() => expect(keptEdits.has('9:calendar-5')).toBe(false))
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(region).getByRole('button', { name: 'Изменить «Свадьба сестры»' }),
      ),
    )
  })
})
