import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { resetOutbox } from '#src/features/chats/chat-outbox.ts'
import { ConversationScreen } from '#src/features/chats/components/conversation-screen.tsx'
import { startRealtime, stopRealtime } from '#src/features/notifications/realtime.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { CHATS, chatOf, device, ME, messageOf, messagesPage } from './chats-fixtures.ts'
import { sockets } from './fake-socket.ts'
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

const logIn = () =>
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ id: ME }) as never }))

type Sent = { client_id: string; text: string }

/** A server whose network can be cut; it stores each client_id once, as the real one does. */
function server() {
  const network = { up: true }
  const stored = new Map<string, number>()
  const offline = () => {
    if (!network.up) throw new TypeError('Failed to fetch')
  }
  const api = stubApi({
    [`GET ${CHATS}/5`]: () => (offline(), { json: chatOf(5, { my_read_up_to: 30 }) }),
    [`GET ${CHATS}/5/messages`]: () => (offline(), messagesPage([messageOf(30, { text: 'Жду ответа' })])),
    [`POST ${CHATS}/5/messages`]: ({ body }) => {
      offline()
      const { client_id: clientId, text } = body as Sent
      if (!stored.has(clientId)) stored.set(clientId, 100 + stored.size)
      return {
        status: 201,
        json: messageOf(stored.get(clientId)!, { sender_id: ME, client_id: clientId, text }),
      }
    },
  })
  return { network, api, stored }
}

const box = () => screen.getByRole('textbox', { name: 'Сообщение' })
const statusOf = (text: string) =>
  within(screen.getByText(text).closest('.message') as HTMLElement)
    .getByRole('img')
    .getAttribute('aria-label')

describe('messages written offline', () => {
  it('wait on the device through a reload and are sent once each, in the order written, when the network returns', async () => {
    logIn()
    const { network, api, stored } = server()
    const first = renderInApp(<ConversationScreen chatId={5} />)
    await screen.findByText('Жду ответа')
    network.up = false
    await userEvent.type(box(), 'Первое{Enter}')
    await userEvent.type(box(), 'Второе{Enter}')
    await waitFor(() => expect(device.outbox.size).toBe(2))
    expect(statusOf('Первое')).toBe('Ожидает отправки')
    expect(statusOf('Второе')).toBe('Ожидает отправки')

    // A reload: the page's memory is gone, the device's store is not; the conversation comes from it too.
    first.unmount()
    resetOutbox()
    renderInApp(<ConversationScreen chatId={5} />)
    expect(await screen.findByText('Жду ответа')).toBeTruthy()
    expect(await screen.findByText('Первое')).toBeTruthy()
    expect(statusOf('Первое')).toBe('Ожидает отправки')
    expect(statusOf('Второе')).toBe('Ожидает отправки')

    const failedSoFar = api.calls.length
    network.up = true
    act(() => window.dispatchEvent(new Event('online')))

    await waitFor(() => expect(device.outbox.size).toBe(0))
    const posts = api.calls.slice(failedSoFar).filter((call) => call.method === 'POST')
    expect(posts.map((call) => (call.body as Sent).text)).toEqual(['Первое', 'Второе'])
    expect(new Set(posts.map((call) => (call.body as Sent).client_id)).size).toBe(2)
    expect(stored.size).toBe(2)
    await waitFor(() => expect(statusOf('Первое')).toBe('Отправлено'))
    expect(statusOf('Второе')).toBe('Отправлено')
  })

  it('go over the socket with its acknowledgement once it connects, each client_id once and in order', async () => {
    logIn()
    const { network } = server()
    startRealtime(refreshSession)
    const socket = sockets[0]!
    renderInApp(<ConversationScreen chatId={5} />)
    await screen.findByText('Жду ответа')
    network.up = false
    await userEvent.type(box(), 'Раз{Enter}')
    await userEvent.type(box(), 'Два{Enter}')
    await waitFor(() => expect(device.outbox.size).toBe(2))
    expect(socket.sent('chat:message')).toHaveLength(0)

    network.up = true
    act(() => socket.accept())
    const answer = async (index: number, id: number) => {
      const send = await waitFor(() => {
        const found = socket.sent('chat:message')
        expect(found).toHaveLength(index + 1)
        return found[index]!
      })
      const { client_id: clientId, text } = send.payload as Sent
      act(() => send.ack!({ ok: true, message: messageOf(id, { sender_id: ME, client_id: clientId, text }) }))
      return text
    }
    expect(await answer(0, 101)).toBe('Раз')
    expect(await answer(1, 102)).toBe('Два')
    await waitFor(() => expect(device.outbox.size).toBe(0))
    const clientIds = socket.sent('chat:message').map((emit) => (emit.payload as Sent).client_id)
    expect(new Set(clientIds).size).toBe(2)
  })

  it('keep a refused message with the server’s words and a choice to send it again or delete it', async () => {
    logIn()
    stubApi({
      [`GET ${CHATS}/5`]: () => ({ json: chatOf(5) }),
      [`GET ${CHATS}/5/messages`]: () => messagesPage([]),
      [`POST ${CHATS}/5/messages`]: () => ({
        status: 403,
        json: errorBody('forbidden', 'chat_blocked', 'Собеседник ограничил переписку'),
      }),
    })
    renderInApp(<ConversationScreen chatId={5} />)
    await userEvent.type(await screen.findByRole('textbox', { name: 'Сообщение' }), 'Ответьте{Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe('Собеседник ограничил переписку')
    expect(screen.getByRole('button', { name: 'Отправить ещё раз' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }))
    await waitFor(() => expect(screen.queryByText('Ответьте')).toBeNull())
    expect(device.outbox.size).toBe(0)
  })

  it('keep the draft typed in a conversation through a reload', async () => {
    logIn()
    server()
    const first = renderInApp(<ConversationScreen chatId={5} />)
    await userEvent.type(await screen.findByRole('textbox', { name: 'Сообщение' }), 'Черновик')
    first.unmount()
    renderInApp(<ConversationScreen chatId={5} />)
    expect(((await screen.findByRole('textbox', { name: 'Сообщение' })) as HTMLTextAreaElement).value).toBe(
      'Черновик',
    )
  })
})
