import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

describe('the about and discount sections', () => {
  it('counts the about text against its limit and saves it alone', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`PUT ${V1}/profile/9`]: ({ body }) => ({ json: { ...EXECUTOR, ...(body as object) } }),
    })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'О себе' })
    const about = within(region).getByLabelText('О себе') as HTMLTextAreaElement
    expect(about.maxLength).toBe(3000)
    await user.type(about, 'Электрик, 10 лет')
    expect(within(region).getByTestId('char-count').textContent).toBe('16/3\u00a0000')
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }))
    await within(region).findByText('Сохранено')
    expect(server.last('PUT', `${V1}/profile/9`)?.body).toEqual({ about: 'Электрик, 10 лет' })
  })

  it('refuses a discount above 100 % and saves a valid one with its text', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`PUT ${V1}/profile/9`]: ({ body }) => ({ json: { ...EXECUTOR, ...(body as object) } }),
    })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Скидка' })
    const percent = within(region).getByLabelText('Скидка, %')
    await user.clear(percent)
    await user.type(percent, '150')
    expect(within(region).getByRole('alert').textContent).toBe('Введите целое число от 0 до 100')
    expect((within(region).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    await user.clear(percent)
    await user.type(percent, '15')
    await user.type(within(region).getByLabelText('На что скидка'), 'Пенсионерам')
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }))
    await within(region).findByText('Сохранено')
    expect(server.last('PUT', `${V1}/profile/9`)?.body).toEqual({
      discount_percent: 15,
      discount_text: 'Пенсионерам',
    })
  })
})
