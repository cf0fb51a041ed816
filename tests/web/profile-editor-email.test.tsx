import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { errorBody, V1 } from './helpers.tsx'
import { CUSTOMER, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const LINK_PATH = `${V1}/profile/email/verification`
const SEND_AGAIN = 'Отправить ссылку ещё раз'
const withAddress = (email_status: string) => ({ ...CUSTOMER, email: 'aziza@example.uz', email_status })
/** The settings' e-mail card, once the editor has drawn it. */
const emailCard = async () => {
  const region = await screen.findByRole('region', { name: 'Настройки' })
  return within(region).getByRole('heading', { name: 'Эл. почта' }).parentElement!
}

describe('the e-mail address in the settings', () => {
  it('says an unconfirmed address gets nothing yet, and sends its link again on request', async () => {
    const { server } = openEditor(withAddress('unverified'), {
      [`POST ${LINK_PATH}`]: () => ({ json: withAddress('unverified') }),
    })
    const card = await emailCard()
    expect(card.textContent).toContain('aziza@example.uz ещё не подтверждён')
    await userEvent.setup().click(within(card).getByRole('button', { name: SEND_AGAIN }))
    expect((await within(card).findByRole('status')).textContent).toContain('Новая ссылка уже в пути')
    expect(server.last('POST', LINK_PATH)).toBeDefined()
  })

  it('shows the server’s answer when a new link is asked for too soon', async () => {
    openEditor(withAddress('unverified'), {
      [`POST ${LINK_PATH}`]: () => ({
        status: 429,
        json: errorBody('rate_limited', 'email_resend_too_soon', 'Новую ссылку можно запросить через 42 с'),
      }),
    })
    const card = await emailCard()
    await userEvent.setup().click(within(card).getByRole('button', { name: SEND_AGAIN }))
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Новую ссылку можно запросить через 42 с',
    )
  })

  it('says a bounced address gets nothing and offers to confirm it again', async () => {
    openEditor(withAddress('bounced'))
    const card = await emailCard()
    expect(card.textContent).toContain('Письмо на aziza@example.uz не удалось доставить')
    expect(within(card).getByRole('button', { name: SEND_AGAIN })).toBeDefined()
  })

  it('thanks the person who followed the link, and says where mail goes', async () => {
    openEditor(withAddress('verified'), {}, { emailNotice: 'verified' })
    const card = await emailCard()
    expect(within(card).getByRole('status').textContent).toBe('Спасибо, адрес подтверждён.')
    expect(card.textContent).toContain('aziza@example.uz подтверждён: уведомления')
    expect(within(card).queryByRole('button', { name: SEND_AGAIN })).toBeNull()
  })

  it('says when the followed link no longer works', async () => {
    openEditor(withAddress('unverified'), {}, { emailNotice: 'invalid' })
    const card = await emailCard()
    expect(within(card).getByRole('alert').textContent).toBe(
      'Ссылка устарела или уже использована. Отправьте новую ниже.',
    )
  })

  it('asks for an address when there is none', async () => {
    openEditor({ ...CUSTOMER, email: null, email_status: 'none' })
    const card = await emailCard()
    expect(card.textContent).toContain('Укажите адрес электронной почты в личных данных')
    expect(within(card).queryByRole('button', { name: SEND_AGAIN })).toBeNull()
  })
})
