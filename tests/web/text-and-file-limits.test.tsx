import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { Composer } from '#src/features/chats/components/composer.tsx'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { ReplyForm } from '#src/features/order-view/components/reply-form.tsx'
import { ReviewForm } from '#src/features/order-view/components/review-form.tsx'
import { fieldText } from '#src/features/order-view/messages.ts'
import { keepReplyDraft } from '#src/features/order-view/reply-draft.ts'
import { loadOrderWizardCatalog } from '#src/features/order-wizard/catalog.ts'
import { orderErrorText } from '#src/features/order-wizard/order-messages.ts'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { MoneyInput } from '#src/features/profile-editor/components/money-input.tsx'
import { i18n } from '@lingui/core'
import { renderInApp, stubApi, V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock('#src/features/chats/local-cache.ts', async (original) => ({
  ...(await original<object>()),
  ...(await import('./chats-fixtures.ts')).memoryCache,
}))
vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(async () => {
  await Promise.all([
    loadChatsCatalog(),
    loadOrderViewCatalog(),
    loadOrderWizardCatalog(),
    loadProfileEditorCatalog(),
  ])
})
beforeEach(() => {
  localStorage.clear()
  keptEdits.clear()
})

/** The words a screen reader hears with a field: the texts of the elements its aria-describedby names. */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ')

describe('the words of a refused form', () => {
  it('has its own words for every key the order, reply and review forms can give, never "an error occurred"', () => {
    const generic = 'Произошла ошибка'
    const orderPageKeys = [
      'reply_too_short',
      'review_too_short',
      'rating_required',
      'text_max',
      'order_name_required',
      'order_name_max',
      'area_max',
      'address_max',
      'services_required',
      'work_place_required',
      'start_in_past',
      'price_invalid',
    ]
    for (const key of orderPageKeys) expect(fieldText(i18n, key, 5000), key).not.toBe(generic)
    const wizardKeys = [
      'services_required',
      'order_name_required',
      'text_too_long',
      'work_place_required',
      'area_required',
      'date_time_required',
      'start_in_past',
      'end_before_start',
      'price_invalid',
      'price_max_below_min',
      'file_invalid',
      'file_not_photo',
    ]
    for (const key of wizardKeys) expect(orderErrorText(i18n, key), key).not.toBe(generic)
    expect(fieldText(i18n, 'order_name_max', 120)).toBe('Текст не длиннее 120 символов')
    expect(orderErrorText(i18n, 'text_too_long', 300)).toBe('Текст не длиннее 300 символов')
  })
})

describe('the reply form', () => {
  it('stops at 5,000 characters and counts them, the limit read with the field', async () => {
    stubApi({})
    renderInApp(<ReplyForm orderId={42} onSent={() => undefined} />)
    const field = (await screen.findByLabelText('Ваш отклик')) as HTMLTextAreaElement
    expect(field.maxLength).toBe(5000)
    expect(screen.getByTestId('char-count').textContent).toBe('0/5\u00a0000')
    await userEvent.setup().type(field, 'Приеду к 9')
    expect(screen.getByTestId('char-count').textContent).toBe('10/5\u00a0000')
    expect(descriptionOf(field)).toBe('Не больше 5\u00a0000 символов')
  })

  it('names the limit, not "an error occurred", for a kept text past 5,000 characters, and sends nothing', async () => {
    keepReplyDraft(42, { text: 'я'.repeat(5001), key: 'draft-key', queued: false })
    const api = stubApi({})
    renderInApp(<ReplyForm orderId={42} onSent={() => undefined} />)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Откликнуться' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Текст не длиннее 5\u00a0000 символов')
    expect(screen.queryByText('Произошла ошибка')).toBeNull()
    expect(api.last('POST', `${V1}/orders/42/replies`)).toBeUndefined()
  })
})

describe('the review form', () => {
  it('stops the comment at 5,000 characters and counts them', async () => {
    stubApi({})
    renderInApp(<ReviewForm orderId={42} serviceId={null} onSent={() => undefined} />)
    const field = (await screen.findByLabelText('Комментарий')) as HTMLTextAreaElement
    expect(field.maxLength).toBe(5000)
    await userEvent.setup().type(field, 'Всё отлично')
    expect(screen.getByTestId('char-count').textContent).toBe('11/5\u00a0000')
  })
})

describe('the chat composer', () => {
  const composer = async (onSend = vi.fn()) => {
    renderInApp(
      <Composer
        chatId={5}
        userId={7}
        problem={null}
        onSend={onSend}
        onPhoto={() => undefined}
        onLocation={() => undefined}
        uploading={false}
      />,
    )
    return { onSend, box: (await screen.findByLabelText('Сообщение')) as HTMLTextAreaElement }
  }

  it('keeps a pasted text past 4,000 characters whole and refuses to send it, saying nothing was cut', async () => {
    const { onSend, box } = await composer()
    expect(box.maxLength).toBe(-1)
    fireEvent.change(box, { target: { value: 'я'.repeat(4001) } })
    expect(box.value).toHaveLength(4001)
    expect(screen.getByTestId('char-count').textContent).toBe('4\u00a0001/4\u00a0000')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe(
      'Сообщение длиннее 4\u00a0000 символов. Ничего не обрезано и не отправлено: сократите его и отправьте снова.',
    )
    expect(box.value).toHaveLength(4001)
    fireEvent.change(box, { target: { value: 'я'.repeat(4000) } })
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).toHaveBeenCalledWith('я'.repeat(4000))
  })

  it('shows no counter for a short message and says what is left only near the limit', async () => {
    const { box } = await composer()
    fireEvent.change(box, { target: { value: 'Здравствуйте' } })
    expect(screen.queryByTestId('char-count')).toBeNull()
    fireEvent.change(box, { target: { value: 'я'.repeat(3500) } })
    const live = () => document.querySelector('.composer [aria-live="polite"]')?.textContent
    expect(live()).toBe('')
    fireEvent.change(box, { target: { value: 'я'.repeat(3990) } })
    expect(live()).toBe('Осталось символов: 10')
    expect(descriptionOf(box)).toBe('Не больше 4\u00a0000 символов')
  })
})

describe('price inputs of the profile', () => {
  function Price() {
    const [value, setValue] = useState('')
    return <MoneyInput label="Цена от, сум" value={value} onChange={setValue} />
  }

  it('refuses a price past 10 billion so’m with words and keeps it as typed', async () => {
    renderInApp(<Price />)
    const field = (await screen.findByLabelText('Цена от, сум')) as HTMLInputElement
    await userEvent.setup().type(field, '10000000001')
    expect(field.value).toBe('10 000 000 001')
    expect(screen.getByRole('alert').textContent).toBe(
      'Укажите цену целым числом от 0 до 10\u00a0000\u00a0000\u00a0000 сум',
    )
  })
})

describe('the profile photo', () => {
  it('refuses a file that is not an image with the chat’s words', async () => {
    openEditor(EXECUTOR)
    const region = await screen.findByRole('region', { name: 'Фото' })
    const input = within(region).getByLabelText('Выбрать фото') as HTMLInputElement
    const notPhoto = new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })
    await act(async () => fireEvent.change(input, { target: { files: [notPhoto] } }))
    expect(
      within(region).getByText('Этот файл не фото. Выберите изображение JPEG, PNG, WebP или HEIC.'),
    ).toBeTruthy()
  })

  it('refuses a photo past 10 MB with the one file-size message', async () => {
    openEditor(EXECUTOR)
    const region = await screen.findByRole('region', { name: 'Фото' })
    const input = within(region).getByLabelText('Выбрать фото') as HTMLInputElement
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })
    await act(async () => fireEvent.change(input, { target: { files: [big] } }))
    expect(within(region).getByText('Файл больше 10 МБ. Выберите файл поменьше.')).toBeTruthy()
  })
})
