import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { resetOutbox } from '#src/features/chats/chat-outbox.ts'
import { ConversationScreen } from '#src/features/chats/components/conversation-screen.tsx'
import { useChatUnread } from '#src/features/chats/unread-store.ts'
import { startRealtime, stopRealtime } from '#src/features/notifications/realtime.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { CHATS, chatOf, device, ME, messageOf, messagesPage, OTHER } from './chats-fixtures.ts'
import { sockets, type FakeSocket } from './fake-socket.ts'
import { errorBody, profileOf, renderInApp, stubApi } from './helpers.tsx'

vi.mock('#src/features/chats/local-cache.ts', async (original) => ({
  ...(await original<object>()),
  ...(await import('./chats-fixtures.ts')).memoryCache,
}))

beforeAll(() => loadChatsCatalog())

afterEach(() => {
  stopRealtime()
  sockets.length = 0
  resetOutbox()
  device.forget()
  act(() => useSession.getState().clear())
})

/** Logged in as ME with the socket connected. */
function connected(): FakeSocket {
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ id: ME }) as never }))
  startRealtime(refreshSession)
  const socket = sockets[0]!
  act(() => socket.accept())
  return socket
}

/** Bodies of the block requests the screen sent. */
let blockCalls: unknown[] = []
const extra = new Map<string, unknown>()
/** What the test's server answers on a route that depends on the test (set after `server()`). */
const answer = (route: string, json: unknown) => extra.set(route, json)

function server(chat: Chat, pages: { newest: ChatMessage[]; older?: ChatMessage[] }) {
  blockCalls = []
  extra.clear()
  return stubApi({
    [`PUT ${CHATS}/5/block`]: ({ body }) => {
      blockCalls.push(body)
      return { json: extra.get(`PUT ${CHATS}/5/block`) }
    },
    [`POST ${CHATS}/5/read`]: () => ({ json: extra.get(`POST ${CHATS}/5/read`) }),
    [`GET ${CHATS}/5`]: () => ({ json: chat }),
    // As the server answers: `before` the older page, `after` only what is newer, else the newest page.
    [`GET ${CHATS}/5/messages`]: ({ query }) =>
      query.get('before')
        ? messagesPage(pages.older ?? [])
        : messagesPage(
            pages.newest.filter((message) => message.id > Number(query.get('after') ?? 0)),
            {
              next_cursor: pages.older ? String(pages.newest[0]!.id) : null,
              delivered_up_to: chat.delivered_up_to,
              read_up_to: chat.read_up_to,
            },
          ),
    [`POST ${CHATS}/5/messages/31/report`]: ({ body }) => ({
      status: 201,
      json: { id: 1, status: 'pending', body },
    }),
  })
}

const open = async () => {
  renderInApp(<ConversationScreen chatId={5} />)
  return screen.findByRole('log', { name: 'Сообщения' })
}
const box = () => screen.getByRole('textbox', { name: 'Сообщение' })
const statusOf = (text: string) =>
  within(screen.getByText(text).closest('.message') as HTMLElement).getByRole('img')

describe('a conversation', () => {
  it('shows the history by day and loads older messages when scrolled to the top', async () => {
    connected()
    const newest = Array.from({ length: 30 }, (_, index) => messageOf(31 + index))
    const older = Array.from({ length: 30 }, (_, index) => messageOf(1 + index))
    const api = server(chatOf(5, { my_read_up_to: 60 }), { newest, older })
    const log = await open()
    expect(within(log).getByText('Сообщение 60')).toBeTruthy()
    expect(within(log).queryByText('Сообщение 1')).toBeNull()
    expect(screen.getByRole('heading', { name: /Бахтиёр Каримов/ })).toBeTruthy()
    expect(screen.getByText('Заменить проводку на кухне')).toBeTruthy()

    fireEvent.scroll(log.parentElement!, { target: { scrollTop: 0 } })

    // The older page arrives through the app's whole fetch path: on a busy machine that takes over a second.
    expect(await within(log).findByText('Сообщение 1', {}, { timeout: 5000 })).toBeTruthy()
    expect(api.last('GET', `${CHATS}/5/messages`)?.query.get('before')).toBe('31')
  })

  it('sends with Enter over the socket and shows sent, then delivered, then read as the marks arrive', async () => {
    const socket = connected()
    server(chatOf(5), { newest: [messageOf(30)] })
    await open()
    await userEvent.type(box(), 'Когда сможете прийти?{Enter}')

    const send = await waitFor(() => {
      const found = socket.sent('chat:message')
      expect(found).toHaveLength(1)
      return found[0]!
    })
    expect(send.payload).toMatchObject({ chat_id: 5, text: 'Когда сможете прийти?' })
    expect((box() as HTMLTextAreaElement).value).toBe('')
    expect(statusOf('Когда сможете прийти?').getAttribute('aria-label')).toBe('Ожидает отправки')

    const clientId = (send.payload as { client_id: string }).client_id
    const stored = messageOf(31, { sender_id: ME, client_id: clientId, text: 'Когда сможете прийти?' })
    act(() => send.ack!({ ok: true, message: stored }))
    await waitFor(() =>
      expect(statusOf('Когда сможете прийти?').getAttribute('aria-label')).toBe('Отправлено'),
    )

    const mark = { chat_id: 5, user_id: OTHER, unread: null, total: null }
    act(() => socket.serverEmit('chat:read', { ...mark, delivered_up_to: 31, read_up_to: 30 }))
    expect(statusOf('Когда сможете прийти?').getAttribute('aria-label')).toBe('Доставлено')
    act(() => socket.serverEmit('chat:read', { ...mark, delivered_up_to: 31, read_up_to: 31 }))
    expect(statusOf('Когда сможете прийти?').getAttribute('aria-label')).toBe('Прочитано')
    // Shift+Enter is a new line, not a send.
    await userEvent.type(box(), 'Строка{Shift>}{Enter}{/Shift}вторая')
    expect((box() as HTMLTextAreaElement).value).toBe('Строка\nвторая')
    expect(socket.sent('chat:message')).toHaveLength(1)
  })

  it('shows a message from the other side as it arrives, tells it received and marks it read', async () => {
    const socket = connected()
    server(chatOf(5, { my_read_up_to: 30 }), { newest: [messageOf(30)] })
    const log = await open()
    act(() =>
      socket.serverEmit('chat:message', {
        chat_id: 5,
        message: messageOf(32, { text: 'Буду в 15:00' }),
        unread: 1,
        total: 1,
      }),
    )
    expect(within(log).getByText('Буду в 15:00')).toBeTruthy()
    expect(socket.sent('chat:delivered').map((emit) => emit.payload)).toEqual([
      { chat_id: 5, message_id: 32 },
    ])
    await waitFor(() =>
      expect(socket.sent('chat:read').map((emit) => emit.payload)).toEqual([{ chat_id: 5, message_id: 32 }]),
    )
  })

  it('shows "typing…" while the other side types, and not after five quiet seconds', async () => {
    const socket = connected()
    server(chatOf(5), { newest: [] })
    await open()
    vi.useFakeTimers()
    act(() => socket.serverEmit('chat:typing', { chat_id: 5, user_id: OTHER }))
    expect(screen.getByText('печатает…')).toBeTruthy()
    act(() => vi.advanceTimersByTime(5_000))
    expect(screen.queryByText('печатает…')).toBeNull()
  })

  it('keeps the text and shows the server’s words when sending is rate limited', async () => {
    const socket = connected()
    server(chatOf(5), { newest: [] })
    await open()
    await userEvent.type(box(), 'Ещё вопрос{Enter}')
    const send = await waitFor(() => socket.sent('chat:message')[0]!)
    act(() =>
      send.ack!({
        ok: false,
        error: {
          code: 'chat_rate_limited',
          message: 'Слишком много сообщений. Подождите 30 секунд.',
          retry_after: 30,
        },
      }),
    )
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Слишком много сообщений. Подождите 30 секунд.',
    )
    expect(screen.getByText('Ещё вопрос')).toBeTruthy()
    expect(statusOf('Ещё вопрос').getAttribute('aria-label')).toBe('Ожидает отправки')
  })

  it('replaces the box with a notice when the other person has blocked the reader', async () => {
    connected()
    server(chatOf(5, { blocked: 'by_them' }), { newest: [messageOf(30)] })
    await open()
    expect(screen.queryByRole('textbox', { name: 'Сообщение' })).toBeNull()
    expect(
      screen.getByText('Бахтиёр Каримов заблокировал(а) вас. Писать в этой переписке нельзя.'),
    ).toBeTruthy()
  })

  it('reports the other side’s message with the reason chosen and says it was sent', async () => {
    connected()
    const api = server(chatOf(5, { my_read_up_to: 31 }), {
      newest: [messageOf(31, { text: 'Переведите предоплату на карту' })],
    })
    await open()
    await userEvent.click(screen.getByRole('button', { name: 'Пожаловаться' }))
    const dialog = await screen.findByRole('dialog', { name: 'Пожаловаться на сообщение' })
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Мошенничество' }))
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Подробности (необязательно)' }),
      'Просит деньги',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отправить жалобу' }))
    expect(await within(dialog).findByText('Спасибо. Модераторы проверят это сообщение.')).toBeTruthy()
    expect(api.last('POST', `${CHATS}/5/messages/31/report`)?.body).toEqual({
      reason: 'fraud',
      text: 'Просит деньги',
    })
  })

  it('answers "already reported" with the server’s words', async () => {
    connected()
    stubApi({
      [`GET ${CHATS}/5`]: () => ({ json: chatOf(5, { my_read_up_to: 31 }) }),
      [`GET ${CHATS}/5/messages`]: () => messagesPage([messageOf(31)]),
      [`POST ${CHATS}/5/messages/31/report`]: () => ({
        status: 409,
        json: errorBody('conflict', 'already_reported', 'Вы уже пожаловались на это сообщение'),
      }),
    })
    await open()
    await userEvent.click(screen.getByRole('button', { name: 'Пожаловаться' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Спам' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отправить жалобу' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Вы уже пожаловались на это сообщение',
    )
  })

  it('blocks the other person from the header menu and then shows why the box is gone', async () => {
    connected()
    server(chatOf(5), { newest: [messageOf(30)] })
    answer(`PUT ${CHATS}/5/block`, chatOf(5, { blocked: 'by_me' }))
    await open()
    await userEvent.click(screen.getByRole('button', { name: 'Меню переписки' }))
    await userEvent.click(screen.getByRole('button', { name: 'Заблокировать' }))
    expect(
      await screen.findByText(
        'Вы заблокировали собеседника Бахтиёр Каримов. Чтобы снова писать, разблокируйте его в меню выше.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Сообщение' })).toBeNull()
    expect(blockCalls).toEqual([{ blocked: true }])
  })

  it('reads the newest messages again after a connection that missed events: new ones, and one hidden meanwhile', async () => {
    const socket = connected()
    const pages = { newest: [messageOf(30), messageOf(31)] }
    server(chatOf(5, { my_read_up_to: 31 }), pages)
    const log = await open()
    act(() => socket.disconnect())
    // Meanwhile a moderator hid message 30 and message 32 came: their events reached no socket.
    pages.newest = [messageOf(30, { text: '', hidden: true }), messageOf(31), messageOf(32)]
    socket.recovered = false
    act(() => socket.accept())
    await within(log).findByText('Сообщение 32')
    expect(within(log).queryByText('Сообщение 30')).toBeNull()
    expect(within(log).getByText('Сообщение скрыто модератором')).toBeTruthy()
  })

  it('reads the conversation again when more came while away than a page holds', async () => {
    const socket = connected()
    const pages: { newest: ChatMessage[]; older?: ChatMessage[] } = { newest: [messageOf(30), messageOf(31)] }
    const api = server(chatOf(5, { my_read_up_to: 31 }), pages)
    await open()
    act(() => socket.disconnect())
    pages.newest = [messageOf(60), messageOf(61)]
    pages.older = [messageOf(40)]
    socket.recovered = false
    const before = api.calls.filter((call) => call.path === `${CHATS}/5`).length
    act(() => socket.accept())
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === `${CHATS}/5`).length).toBe(before + 1),
    )
  })

  it('asks for nothing after a reconnection that had the missed events replayed', async () => {
    const socket = connected()
    const api = server(chatOf(5, { my_read_up_to: 31 }), { newest: [messageOf(31)] })
    await open()
    const asked = () => api.calls.filter((call) => call.path === `${CHATS}/5/messages`).length
    const before = asked()
    act(() => socket.disconnect())
    socket.recovered = true
    act(() => socket.accept())
    expect(asked()).toBe(before)
  })

  it('marks read over HTTP while the socket is down, and the answer sets the header’s total', async () => {
    act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ id: ME }) as never }))
    const api = server(chatOf(5, { unread: 2, my_read_up_to: 30 }), {
      newest: [messageOf(30), messageOf(32)],
    })
    answer(`POST ${CHATS}/5/read`, { chat_id: 5, unread: 0, total: 4 })
    await open()
    await waitFor(() => expect(useChatUnread.getState().total).toBe(4))
    expect(api.last('POST', `${CHATS}/5/read`)?.body).toEqual({ message_id: 32 })
  })

  it('counts as the reader’s own the team’s messages when staff answer a support chat', async () => {
    connected()
    const support = chatOf(5, {
      kind: 'support',
      as_support: true,
      order: null,
      read_up_to: 31,
      my_read_up_to: 30,
      other: { ...chatOf(5).other, id: 20, name: 'Клиент' },
    })
    server(support, {
      newest: [
        messageOf(30, { sender_id: 20, text: 'Не могу опубликовать заказ' }),
        messageOf(31, { sender_id: 3, from_support: true, text: 'Проверим и ответим' }),
      ],
    })
    await open()
    expect(statusOf('Проверим и ответим').getAttribute('aria-label')).toBe('Прочитано')
    expect(screen.getAllByRole('button', { name: 'Пожаловаться' })).toHaveLength(1)
  })
})
