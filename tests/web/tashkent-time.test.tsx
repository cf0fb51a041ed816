// A device in New York (UTC-5 in December, ten hours behind Tashkent), set before any date is made. Node reads TZ
// afresh when it changes.
process.env.TZ = 'America/New_York'

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { instantOf } from '#src/features/order-wizard/order-form.ts'
import { dayOf } from '#src/features/chats/messages.ts'
import { shortWhen } from '#src/features/chats/components/chat-words.tsx'
import { formatDateTime, formatTime } from '#src/lib/format.ts'
import { deviceClockDiffers, tashkentInstant } from '#src/lib/tashkent-entry.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'
import { V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

describe('times on a device outside Tashkent', () => {
  it('runs in New York: the device clock is not Tashkent’s', () => {
    expect(new Date('2026-12-07T09:00:00Z').getHours()).toBe(4)
    expect(deviceClockDiffers(new Date('2026-12-07T09:00:00Z'))).toBe(true)
  })

  it('stores an order’s date and time typed in the wizard as the Tashkent instant and writes it back the same', () => {
    const started = instantOf('2026-11-22', '10:30')
    expect(started).toBe('2026-11-22T05:30:00.000Z')
    expect(formatTime(started!)).toBe('10:30')
    expect(formatDateTime(started!, 'ru').replace(/\u202f|\u00a0/g, ' ')).toBe('22 ноября 2026 г. в 10:30')
    // Near midnight the day is Tashkent's too: 00:30 on the 23rd there is still the 22nd in New York.
    expect(tashkentDay(new Date(instantOf('2026-11-23', '00:30')!))).toBe('2026-11-23')
    expect(tashkentInstant('2026-02-31', '10:00')).toBeUndefined()
  })

  it('groups chat messages by Tashkent’s day, so a message after midnight there starts a new day', () => {
    // 23:00 on 1 December and 01:30 on 2 December in Tashkent: both on 1 December in New York.
    const lateEvening = '2026-12-01T18:00:00.000Z'
    const afterMidnight = '2026-12-01T20:30:00.000Z'
    expect(dayOf(lateEvening)).toBe('2026-12-01')
    expect(dayOf(afterMidnight)).toBe('2026-12-02')
    // The chat list shows a time for today's message in Tashkent, and a date for yesterday's.
    const now = new Date('2026-12-01T21:00:00.000Z')
    expect(shortWhen(afterMidnight, now)).toBe('01:30')
    expect(shortWhen(lateEvening, now)).not.toContain(':')
  })

  it('a busy time typed in the profile editor is saved as the Tashkent instant, shown back in Tashkent time, with a note', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/calendar`]: () => ({ json: { collection: [], busy: [] } }),
      [`POST ${V1}/calendar`]: ({ body }) => ({ json: { id: 6, ...(body as object) } }),
    })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Календарь' })
    await user.type(within(region).getByLabelText('Чем заняты'), 'Занятия')
    await user.type(within(region).getByLabelText('Начало'), '2026-12-07T09:00')
    await user.type(within(region).getByLabelText('Окончание'), '2026-12-07T11:00')
    // Beside the fields, and read with them: what is typed is Tashkent time.
    const note = within(region).getByText(
      'Время ташкентское: начало и окончание указываются по часам Ташкента.',
    )
    expect(within(region).getByLabelText('Начало').getAttribute('aria-describedby')).toContain(note.id)
    await user.click(within(region).getByRole('button', { name: 'Добавить' }))
    await within(region).findByRole('heading', { name: 'Занятия' })
    expect(server.last('POST', `${V1}/calendar`)?.body).toMatchObject({
      started_at: '2026-12-07T04:00:00.000Z',
      ended_at: '2026-12-07T06:00:00.000Z',
    })
    expect(within(region).getByText(/7 декабря 2026 г\. в 09:00/)).toBeTruthy()
  })
})
