import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, META, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const work = (id: number, title: string, position: number) => ({
  id,
  title,
  description: null,
  photos: [],
  position,
})
const section = () => screen.findByRole('region', { name: 'Портфолио' })

describe('the portfolio and certificates sections', () => {
  it('moves a work down with the keyboard, saves the order and keeps focus on the moved work', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/works`]: () => ({
        json: { collection: [work(1, 'Кухня', 0), work(2, 'Ванная', 1)], meta: META },
      }),
      [`PUT ${V1}/works/order`]: () => ({
        json: { collection: [work(2, 'Ванная', 0), work(1, 'Кухня', 1)], meta: META },
      }),
    })
    const user = userEvent.setup()
    const region = await section()
    const down = await within(region).findByRole('button', { name: 'Переместить «Кухня» ниже' })
    down.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(server.last('PUT', `${V1}/works/order`)?.body).toEqual({ ids: [2, 1] }))
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Ванная', 'Кухня', 'Добавить работу']),
    )
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(region).getByRole('button', { name: 'Переместить «Кухня» выше' }),
      ),
    )
    expect(within(region).getByText('«Кухня» теперь под номером 2')).toBeTruthy()
  })

  it('adds a certificate and deletes one after confirmation', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`POST ${V1}/documents`]: ({ body }) => ({
        json: { id: 8, files: [], position: 0, ...(body as object) },
      }),
      [`DELETE ${V1}/documents/8`]: () => ({ json: { status: true } }),
    })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Сертификаты и дипломы' })
    await user.type(within(region).getByLabelText('Название документа'), 'Диплом электрика')
    await user.type(within(region).getByLabelText('Описание'), 'ТАТУ, 2019')
    await user.click(within(region).getByRole('button', { name: 'Добавить' }))
    await within(region).findByRole('heading', { name: 'Диплом электрика' })
    expect(server.last('POST', `${V1}/documents`)?.body).toEqual({
      name: 'Диплом электрика',
      description: 'ТАТУ, 2019',
    })
    expect((within(region).getByLabelText('Название документа') as HTMLInputElement).value).toBe('')

    await user.click(within(region).getByRole('button', { name: 'Удалить «Диплом электрика»' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }))
    await waitFor(() =>
      expect(within(region).queryByRole('heading', { name: 'Диплом электрика' })).toBeNull(),
    )
    expect(server.last('DELETE', `${V1}/documents/8`)).toBeTruthy()
  })

  describe('titles people typed', () => {
    // Text that reads like a message template: braces, tags, escape sequences.
    const BRACES = 'Диплом {name} и {'
    const TAGS = '<i>курсы</i>'
    const ESCAPES = String.raw`Курс C:\x41\u0042`
    const documentOf = (id: number, name: string, position: number) => ({
      id,
      name,
      description: null,
      files: [`/uploads/${id}.jpg`],
      position,
    })
    let errors: ReturnType<typeof vi.spyOn>
    let warnings: ReturnType<typeof vi.spyOn>
    beforeEach(() => {
      errors = vi.spyOn(console, 'error')
      warnings = vi.spyOn(console, 'warn')
    })
    afterEach(() => {
      errors.mockRestore()
      warnings.mockRestore()
    })

    it('shows certificate titles with braces, tags and backslashes exactly as typed, without console noise', async () => {
      openEditor(EXECUTOR, {
        [`GET ${V1}/profile/9/documents`]: () => ({
          json: {
            collection: [documentOf(1, BRACES, 0), documentOf(2, TAGS, 1), documentOf(3, ESCAPES, 2)],
            meta: META,
          },
        }),
      })
      const user = userEvent.setup()
      const region = await screen.findByRole('region', { name: 'Сертификаты и дипломы' })
      for (const title of [BRACES, TAGS, ESCAPES]) {
        await within(region).findByRole('heading', { level: 3, name: title })
        // The title is in each button's name; its visible word is short, so a long title cannot widen the page.
        for (const [name, shown] of [
          [`Изменить «${title}»`, 'Изменить'],
          [`Переместить «${title}» выше`, 'Выше'],
          [`Переместить «${title}» ниже`, 'Ниже'],
          [`Удалить «${title}»`, 'Удалить'],
        ] as const)
          expect(within(region).getByRole('button', { name }).textContent).toBe(shown)
        expect(within(region).getByLabelText(`Добавить фото к «${title}»`).getAttribute('type')).toBe('file')
        expect(within(region).getByRole('img', { name: `${title}, 1` })).toBeTruthy()
      }
      expect(region.querySelector('i')).toBeNull()

      for (const title of [TAGS, ESCAPES]) {
        await user.click(within(region).getByRole('button', { name: `Удалить «${title}»` }))
        const dialog = await screen.findByRole('dialog', { name: `Удалить «${title}»?` })
        await user.click(within(dialog).getByRole('button', { name: 'Отмена' }))
      }
      await user.click(within(region).getByRole('button', { name: `Изменить «${TAGS}»` }))
      expect(await within(region).findByRole('heading', { name: `Изменение «${TAGS}»` })).toBeTruthy()

      expect(errors).not.toHaveBeenCalled()
      expect(warnings).not.toHaveBeenCalled()
    })
  })
})
