import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NotificationSettings } from '#contract/schemas/notifications.ts'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import {
  CUSTOMER,
  EXECUTOR,
  keptEdits,
  NOTIFICATION_SETTINGS_PATH,
  notificationSettingsOf,
  openEditor,
} from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

/** A server that keeps the reminder switches and applies a change to them, as the real one does. */
function settingsServer(start: NotificationSettings) {
  let settings = structuredClone(start)
  return {
    [`GET ${NOTIFICATION_SETTINGS_PATH}`]: () => ({ json: settings }),
    [`PUT ${NOTIFICATION_SETTINGS_PATH}`]: ({ body }: { body: unknown }) => {
      const change = body as Partial<NotificationSettings>
      settings = { ...settings, reminders: { ...settings.reminders, ...change.reminders } }
      return { json: settings }
    },
  }
}
// The editor's first opening in a file loads its screen's modules: longer than Testing Library's default second.
const reminders = () => screen.findByRole('group', { name: 'Напоминания о заказах' }, { timeout: 5000 })
const save = async () =>
  within(await screen.findByRole('form', { name: 'Настройки уведомлений' })).getByRole('button', {
    name: 'Сохранить',
  })

describe('a specialist’s job reminders', () => {
  it('shows both reminders as the server has them and sends only the one switched', async () => {
    const start = { ...notificationSettingsOf(), reminders: { evening_before: true, hour_before: false } }
    const { server } = openEditor(EXECUTOR, settingsServer(start))
    const user = userEvent.setup()
    const group = await reminders()
    const evening = within(group).getByRole('switch', {
      name: 'Накануне вечером, в 20:00',
    }) as HTMLInputElement
    const hour = within(group).getByRole('switch', { name: 'За час до начала' }) as HTMLInputElement
    expect(evening.checked).toBe(true)
    expect(hour.checked).toBe(false)

    await user.click(evening)
    await user.click(await save())
    await waitFor(() =>
      expect(server.last('PUT', NOTIFICATION_SETTINGS_PATH)?.body).toEqual({
        reminders: { evening_before: false },
      }),
    )
    await user.click(hour)
    await user.click(await save())
    await waitFor(() =>
      expect(server.last('PUT', NOTIFICATION_SETTINGS_PATH)?.body).toEqual({
        reminders: { hour_before: true },
      }),
    )
    expect(evening.checked).toBe(false)
    expect(hour.checked).toBe(true)
    const result = await axe.run(group, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations).toEqual([])
  })

  it('shows the server’s reminders beside a change kept on the device before they existed', async () => {
    const { reminders: _none, ...older } = notificationSettingsOf()
    keptEdits.set(`${EXECUTOR.id}:notification-settings`, { ...older, sms_fallback: true })
    const start = { ...notificationSettingsOf(), reminders: { evening_before: false, hour_before: true } }
    openEditor(EXECUTOR, settingsServer(start))
    const group = await reminders()
    expect(
      (within(group).getByRole('switch', { name: 'Накануне вечером, в 20:00' }) as HTMLInputElement).checked,
    ).toBe(false)
    expect(
      (within(group).getByRole('switch', { name: 'За час до начала' }) as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('names the reminders and the specialist’s steps in the table, translated', async () => {
    openEditor(EXECUTOR, settingsServer(notificationSettingsOf()))
    const region = await screen.findByRole('region', { name: 'Уведомления' })
    for (const kind of [
      'Напоминание о завтрашнем заказе накануне вечером',
      'Напоминание за час до заказа',
      'Исполнитель выехал',
      'Исполнитель на месте',
      'Исполнитель завершил работу',
    ])
      expect(await within(region).findByRole('rowheader', { name: kind })).toBeTruthy()
  })

  it('is not offered to a customer, who gets no job reminders', async () => {
    openEditor(CUSTOMER, settingsServer(notificationSettingsOf()))
    await screen.findByRole('form', { name: 'Настройки уведомлений' })
    expect(screen.queryByRole('group', { name: 'Напоминания о заказах' })).toBeNull()
  })
})
