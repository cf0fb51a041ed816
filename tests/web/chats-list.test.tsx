import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { resetOutbox } from '#src/features/chats/chat-outbox.ts'
import { ChatsScreen } from '#src/features/chats/components/chats-screen.tsx'
import { useChatUnread } from '#src/features/chats/unread-store.ts'
import { startRealtime, stopRealtime } from '#src/features/notifications/realtime.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { CHATS, chatOf, device, ME, messageOf, OTHER } from './chats-fixtures.ts'
import { sockets } from './fake-socket.ts'
import { profileOf, renderInApp, stubApi } from './helpers.tsx'

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

const logIn = () =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ id: ME }) as never }))

const CONVERSATIONS = [
  chatOf(5, { unread: 3, last_message: messageOf(40, { text: 'Когда сможете прийти?' }) }),
  chatOf(6, {
    kind: 'support',
    order: null,
    other: { ...chatOf(6).other, id: null, name: 'support', support: true, slug: null, is_online: false },
    last_message: messageOf(12, { chat_id: 6, kind: 'photo', text: '', photo: '/api/uploads/chats/a.jpg' }),
  }),
]

function server(all = CONVERSATIONS) {
  return stubApi({
    [`GET ${CHATS}`]: ({ query }) => {
      const search = query.get('search')
      const found = search ? all.filter((chat) => chat.other.name.includes(search)) : all
      return { json: { collection: found, meta: { perPage: 20, next_cursor: null, unread: 3 } } }
    },
    [`GET ${CHATS}/9`]: () => ({
      json: chatOf(9, {
        other: { ...chatOf(9).other, name: 'Нилуфар' },
        unread: 1,
        last_message: messageOf(50, { chat_id: 9, text: 'Здравствуйте!' }),
      }),
    }),
  })
}

const rows = () => within(screen.getByRole('list')).getAllByRole('link')

describe('the conversations list', () => {
  it('lists conversations with the other person, the order, the newest message and the unread count', async () => {
    logIn()
    server()
    renderInApp(<ChatsScreen />)
    await screen.findByText('Когда сможете прийти?')
    const [first, second] = rows()
    expect(within(first!).getByText('Бахтиёр Каримов')).toBeTruthy()
    expect(within(first!).getByText('Заменить проводку на кухне')).toBeTruthy()
    expect(within(first!).getByLabelText('Непрочитанных: 3')).toBeTruthy()
    expect(within(second!).getByText('Служба поддержки')).toBeTruthy()
    expect(within(second!).getByText('Фото')).toBeTruthy()
    expect(useChatUnread.getState().total).toBe(3)
  })

  it('searches by name through the API’s `search`, once typing pauses', async () => {
    logIn()
    const api = server()
    renderInApp(<ChatsScreen />)
    await screen.findByText('Когда сможете прийти?')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск по имени или заказу' }), 'Бахт')
    await waitFor(() => expect(api.last('GET', CHATS)?.query.get('search')).toBe('Бахт'))
    // One request for the whole word, not one per letter.
    expect(api.calls.filter((call) => call.query.get('search') !== null)).toHaveLength(1)
    await waitFor(() => expect(rows()).toHaveLength(1))
  })

  it('moves a conversation to the top with its new message and unread count as a message arrives', async () => {
    logIn()
    startRealtime(refreshSession)
    act(() => sockets[0]!.accept())
    server()
    renderInApp(<ChatsScreen />)
    await screen.findByText('Когда сможете прийти?')
    act(() =>
      sockets[0]!.serverEmit('chat:message', {
        chat_id: 6,
        message: messageOf(13, {
          chat_id: 6,
          sender_id: null,
          from_support: true,
          text: 'Мы проверили ваш заказ',
        }),
        unread: 1,
        total: 4,
      }),
    )
    const [first] = rows()
    expect(within(first!).getByText('Мы проверили ваш заказ')).toBeTruthy()
    expect(within(first!).getByLabelText('Непрочитанных: 1')).toBeTruthy()
    expect(useChatUnread.getState().total).toBe(4)

    // A conversation not listed yet is fetched and put on top.
    act(() =>
      sockets[0]!.serverEmit('chat:message', {
        chat_id: 9,
        message: messageOf(50, { chat_id: 9, sender_id: OTHER + 1, text: 'Здравствуйте!' }),
        unread: 1,
        total: 5,
      }),
    )
    await waitFor(() => expect(within(rows()[0]!).getByText('Нилуфар')).toBeTruthy())
  })

  it('shows the conversations saved on this device when the network is gone', async () => {
    logIn()
    server()
    const { unmount } = renderInApp(<ChatsScreen />)
    await screen.findByText('Когда сможете прийти?')
    unmount()
    stubApi({
      [`GET ${CHATS}`]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderInApp(<ChatsScreen />)
    expect(await screen.findByText('Когда сможете прийти?')).toBeTruthy()
    expect(screen.getByText(/^Нет подключения: показаны данные, сохранённые на этом устройстве/)).toBeTruthy()
  })
})
