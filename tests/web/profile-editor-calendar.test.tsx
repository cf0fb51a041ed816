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

const event = {
  id: 5,
  title: 'Свадьба сестры',
  started_at: '2026-12-05T05:00:00.000Z',
  ended_at: '2026-12-05T15:00:00.000Z',
  period: 'once',
}
const section = () => screen.findByRole('region', { name: 'Календарь' })

describe('the calendar section', () => {
  it('lists busy time and adds a weekly event', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/calendar`]: () => ({ json: { collection: [event, event], busy: [] } }),
      [`POST ${V1}/calendar`]: ({ body }) => ({ json: { id: 6, ...(body as object) } }),
    })
    const user = userEvent.setup()
    const region = await section()
    expect(await within(region).findAllByRole('heading', { name: 'Свадьба сестры' })).toHaveLength(1)
    await user.type(within(region).getByLabelText('Чем заняты'), 'Занятия')
    await user.type(within(region).getByLabelText('Начало'), '2026-12-07T09:00')
    await user.type(within(region).getByLabelText('Окончание'), '2026-12-07T11:00')
    await user.click(within(region).getByLabelText('Повторять каждую неделю'))
    await user.click(within(region).getByRole('button', { name: 'Добавить' }))
    await within(region).findByRole('heading', { name: 'Занятия' })
    expect(server.last('POST', `${V1}/calendar`)?.body).toEqual({
      title: 'Занятия',
      started_at: new Date('2026-12-07T09:00+05:00').toISOString(),
      ended_at: new Date('2026-12-07T11:00+05:00').toISOString(),
      period: 'weekly',
    })
    expect(within(region).getByText('каждую неделю')).toBeTruthy()
  })

  it("shows the server's message naming the dates when the event overlaps, and keeps the form", async () => {
    openEditor(EXECUTOR, {
      [`POST ${V1}/calendar`]: () => ({
        status: 409,
        json: errorBody(
          'conflict',
          'event_overlap',
          'Это время пересекается с событием 05.12.2026 10:00–20:00',
        ),
      }),
    })
    const user = userEvent.setup()
    const region = await section()
    await user.type(within(region).getByLabelText('Чем заняты'), 'Ремонт')
    await user.type(within(region).getByLabelText('Начало'), '2026-12-05T12:00')
    await user.type(within(region).getByLabelText('Окончание'), '2026-12-05T13:00')
    await user.click(within(region).getByRole('button', { name: 'Добавить' }))
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Это время пересекается с событием 05.12.2026 10:00–20:00',
    )
    expect((within(region).getByLabelText('Чем заняты') as HTMLInputElement).value).toBe('Ремонт')
  })

  it('deletes an event after confirmation', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/calendar`]: () => ({ json: { collection: [event], busy: [] } }),
      [`DELETE ${V1}/calendar/5`]: () => ({ json: { status: true } }),
    })
    const user = userEvent.setup()
    const region = await section()
    await user.click(await within(region).findByRole('button', { name: 'Удалить «Свадьба сестры»' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }))
    await waitFor(() => expect(within(region).queryByRole('heading', { name: 'Свадьба сестры' })).toBeNull())
    expect(server.last('DELETE', `${V1}/calendar/5`)).toBeTruthy()
  })
})
