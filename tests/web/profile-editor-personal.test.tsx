import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, V1 } from './helpers.tsx'
import { CUSTOMER, EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const personal = () => screen.findByRole('region', { name: 'Личные данные' })

describe('the profile editor: sections by mode', () => {
  it('shows a customer the photo, personal data, notifications and settings only', async () => {
    openEditor(CUSTOMER)
    await personal()
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))
    expect(names).toHaveLength(4)
    expect(screen.getByRole('region', { name: 'Фото' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Уведомления' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Настройки' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Специальности и цены' })).toBeNull()
  })

  it('links an executor to their own public profile, and a customer, who has none, to nothing', async () => {
    const executor = openEditor(EXECUTOR)
    await personal()
    expect(screen.getByRole('link', { name: 'Мой публичный профиль' }).getAttribute('href')).toBe(
      `/profile/${EXECUTOR.slug}`,
    )
    executor.view.unmount()
    openEditor(CUSTOMER)
    await personal()
    expect(screen.queryByRole('link', { name: 'Мой публичный профиль' })).toBeNull()
  })

  it('shows an executor every section, each a landmark named by its heading, with no axe violation', async () => {
    const { view } = openEditor(EXECUTOR)
    await personal()
    for (const name of [
      'О себе',
      'Районы и адреса',
      'Специальности и цены',
      'Сертификаты и дипломы',
      'Портфолио',
      'Скидка',
      'Календарь',
      'Статистика',
      'Уведомления',
    ])
      expect(screen.getByRole('region', { name })).toBeTruthy()
    await screen.findByText('У вас пока нет специальностей: добавьте ниже.')
    const result = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } })
    expect(
      result.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      ),
    ).toEqual([])
  })
})

describe('the personal data section', () => {
  it('saves only its own fields, says "Saved" and moves focus there', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`PUT ${V1}/profile/9`]: ({ body }) => ({ json: { ...EXECUTOR, ...(body as object) } }),
    })
    const section = await personal()
    const user = userEvent.setup()
    await user.type(within(section).getByLabelText('Отчество'), 'Aliyevich')
    await user.click(within(section).getByLabelText('Женский'))
    await user.click(within(section).getByLabelText('Английский'))
    await user.click(within(section).getByRole('switch', { name: 'Работаю удалённо' }))
    await user.click(within(section).getByRole('button', { name: 'Сохранить' }))

    const status = await within(section).findByText('Сохранено')
    await waitFor(() => expect(document.activeElement).toBe(status))
    const sent = server.last('PUT', `${V1}/profile/9`)?.body as Record<string, unknown>
    expect(sent).toMatchObject({
      patronymic: 'Aliyevich',
      gender: 'female',
      languages: ['en'],
      works_remotely: true,
    })
    expect(sent).not.toHaveProperty('about')
    expect(sent).not.toHaveProperty('district_ids')
    expect(useSession.getState().profile?.patronymic).toBe('Aliyevich')
    expect(keptEdits.has('9:personal')).toBe(false)
  })

  it('keeps what was typed when the save fails and says why', async () => {
    openEditor(EXECUTOR, {
      [`PUT ${V1}/profile/9`]: () => ({
        status: 422,
        json: errorBody('validation', 'email_invalid', 'Неверный e-mail', { email: ['Неверный e-mail'] }),
      }),
    })
    const section = await personal()
    const user = userEvent.setup()
    await user.type(within(section).getByLabelText('Эл. почта'), 'jasur@')
    await user.click(within(section).getByRole('button', { name: 'Сохранить' }))
    expect(await within(section).findAllByText('Неверный e-mail')).not.toHaveLength(0)
    expect((within(section).getByLabelText('Эл. почта') as HTMLInputElement).value).toBe('jasur@')
    expect(keptEdits.get('9:personal')).toMatchObject({ email: 'jasur@' })
  })

  it('brings back unsaved edits after a reload and says they were restored', async () => {
    const first = openEditor(EXECUTOR)
    const user = userEvent.setup()
    await user.type(within(await personal()).getByLabelText('Отчество'), 'Ali')
    await waitFor(() => expect(keptEdits.get('9:personal')).toMatchObject({ patronymic: 'Ali' }))
    first.view.unmount()

    openEditor(EXECUTOR)
    const section = await personal()
    await waitFor(() =>
      expect((within(section).getByLabelText('Отчество') as HTMLInputElement).value).toBe('Ali'),
    )
    expect(within(section).getByText('Несохранённые изменения восстановлены с этого устройства')).toBeTruthy()
  })

  it('says the home address is private', async () => {
    openEditor(CUSTOMER)
    const address = within(await personal()).getByLabelText('Адрес проживания')
    const described = (address.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
    expect(described).toEqual([
      'Скрыт: его видите только вы, в публичном профиле он не показывается.',
      'Не больше 300 символов',
    ])
  })
})
