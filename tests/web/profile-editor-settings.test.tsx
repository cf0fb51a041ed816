import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { errorBody, V1 } from './helpers.tsx'
import { keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

import { useSession } from '#src/lib/session-store.ts'
import { CUSTOMER } from './profile-editor-fixtures.tsx'

describe('the settings section', () => {
  it('saves the notification switches on their own', async () => {
    const { server } = openEditor(CUSTOMER, {
      [`PUT ${V1}/profile/7`]: ({ body }) => ({ json: { ...CUSTOMER, ...(body as object) } }),
    })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Настройки' })
    await user.click(within(region).getByRole('switch', { name: 'В Telegram' }))
    await user.click(within(region).getAllByRole('button', { name: 'Сохранить' })[0]!)
    await within(region).findByText('Сохранено')
    expect(server.last('PUT', `${V1}/profile/7`)?.body).toEqual({
      telegram_notifications: true,
      email_notifications: false,
    })
  })

  it('changes the password with the current one and shows a wrong current password', async () => {
    const { server } = openEditor(CUSTOMER, {
      [`PUT ${V1}/profile/password`]: () => ({
        status: 422,
        json: errorBody('validation', 'wrong_password', 'Неверный пароль', {
          current_password: ['Неверный пароль'],
        }),
      }),
    })
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Сменить пароль' })
    await user.type(within(form).getByLabelText('Текущий пароль'), 'old-pass1')
    await user.type(within(form).getByLabelText('Новый пароль'), 'new-pass2')
    await user.type(within(form).getByLabelText('Новый пароль ещё раз'), 'new-pass2')
    await user.click(within(form).getByRole('button', { name: 'Сменить пароль' }))
    expect(await within(form).findAllByText('Неверный пароль')).not.toHaveLength(0)
    expect(server.last('PUT', `${V1}/profile/password`)?.body).toEqual({
      current_password: 'old-pass1',
      password: 'new-pass2',
      password_confirmation: 'new-pass2',
    })
  })

  it('deletes the account with the password and a confirmation, then logs out and goes home', async () => {
    const { server, view } = openEditor(CUSTOMER, {
      [`DELETE ${V1}/profile/7`]: () => ({ json: { status: true } }),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Удалить мой аккаунт' }))
    const dialog = await screen.findByRole('dialog', { name: 'Удалить аккаунт?' })
    const confirm = within(dialog).getByRole('button', {
      name: 'Удалить аккаунт навсегда',
    }) as HTMLButtonElement
    await user.type(within(dialog).getByLabelText('Ваш пароль'), 'fika-demo-2026')
    expect(confirm.disabled).toBe(true)
    await user.click(within(dialog).getByLabelText('Я понимаю, что аккаунт нельзя будет восстановить'))
    await user.click(confirm)
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'))
    expect(server.last('DELETE', `${V1}/profile/7`)?.body).toEqual({ password: 'fika-demo-2026' })
    expect(useSession.getState().token).toBeNull()
  })
})
