import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { resetOutbox } from '#src/features/chats/chat-outbox.ts'
import { ConversationScreen } from '#src/features/chats/components/conversation-screen.tsx'
import { startRealtime, stopRealtime } from '#src/features/notifications/realtime.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { CHATS, chatOf, device, ME, messageOf, messagesPage } from './chats-fixtures.ts'
import { sockets, type FakeSocket } from './fake-socket.ts'
import { errorBody, profileOf, renderInApp, stubApi } from './helpers.tsx'
import { FakeXhr } from './fake-xhr.ts'

vi.mock('#src/features/chats/local-cache.ts', async (original) => ({
  ...(await original<object>()),
  ...(await import('./chats-fixtures.ts')).memoryCache,
}))
// jsdom has no canvas nor workers: the compression is the shared photo uploader's, tested with the order wizard's.
vi.mock('#src/lib/image-compression.ts', () => ({
  compressPhoto: async (file: File) =>
    file.type.startsWith('image/') ? new Blob(['jpeg'], { type: 'image/jpeg' }) : null,
}))
// The map picker is another feature's (src/features/chat-location): here it is a person who picks Tashkent.
vi.mock('#src/features/chat-location/location-picker.tsx', () => ({
  LocationPickerDialog: ({
    open,
    onPick,
  }: {
    open: boolean
    onPick: (at: { lat: number; lng: number }) => void
  }) => {
    useEffect(() => {
      if (open) onPick({ lat: 41.311, lng: 69.279 })
    }, [open, onPick])
    return null
  },
}))

beforeAll(() => loadChatsCatalog())

afterEach(() => {
  stopRealtime()
  sockets.length = 0
  resetOutbox()
  device.forget()
  act(() => useSession.getState().clear())
})

function connected(): FakeSocket {
  act(() => useSession.getState().setSession({ token: 'access', profile: profileOf({ id: ME }) as never }))
  startRealtime(refreshSession)
  const socket = sockets[0]!
  act(() => socket.accept())
  return socket
}

/** The conversation's API; photo uploads (the app's photo uploader) are answered by `photo` with what multipart carried. */
function server(photo: (form: { clientId: string; fileName: string | null }) => Response) {
  const api = stubApi({
    [`GET ${CHATS}/5`]: () => ({ json: chatOf(5) }),
    [`GET ${CHATS}/5/messages`]: () => messagesPage([]),
  })
  const uploads: { clientId: string; fileName: string | null }[] = []
  FakeXhr.reset()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  FakeXhr.onSend = (request) => {
    if (!request.url.endsWith(`${CHATS}/5/photos`)) throw new Error(`unexpected upload ${request.url}`)
    const file = request.body?.get('file')
    const upload = {
      clientId: String(request.body?.get('client_id') ?? ''),
      fileName: file instanceof File ? file.name : null,
    }
    uploads.push(upload)
    const answer = photo(upload)
    void answer
      .text()
      .then((body) => request.answer(answer.status, body === '' ? null : (JSON.parse(body) as unknown)))
  }
  return { api, uploads }
}

const renderConversation = async () => {
  renderInApp(<ConversationScreen chatId={5} />)
  await screen.findByRole('log', { name: 'Сообщения' })
}
const choosePhoto = (file: File) =>
  userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file)

describe('the composer', () => {
  it('sends a chosen photo as multipart with a client id and shows it', async () => {
    connected()
    const { uploads } = server(
      ({ clientId }) =>
        new Response(
          JSON.stringify(
            messageOf(31, {
              sender_id: ME,
              client_id: clientId,
              kind: 'photo',
              text: '',
              photo: '/api/uploads/chats/p.jpg',
            }),
          ),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
    )
    await renderConversation()
    await choosePhoto(new File(['x'], 'kitchen.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByRole('button', { name: 'Открыть фото' })).toBeTruthy()
    expect(uploads).toHaveLength(1)
    expect(uploads[0]!.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(uploads[0]!.fileName).not.toBeNull()
  })

  it('shows the server’s words when a photo is refused (too big, wrong format)', async () => {
    connected()
    server(
      () =>
        new Response(JSON.stringify(errorBody('validation', 'file_too_large', 'Файл больше 10 МБ')), {
          status: 413,
          headers: { 'content-type': 'application/json' },
        }),
    )
    await renderConversation()
    await choosePhoto(new File(['x'], 'huge.png', { type: 'image/png' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Файл больше 10 МБ')
  })

  it('sends the place picked on the map as a location message', async () => {
    const socket = connected()
    server(() => new Response(null, { status: 500 }))
    await renderConversation()
    await userEvent.click(screen.getByRole('button', { name: 'Отправить местоположение' }))
    await waitFor(() => expect(socket.sent('chat:message')).toHaveLength(1))
    expect(socket.sent('chat:message')[0]!.payload).toMatchObject({
      chat_id: 5,
      text: '',
      location: { lat: 41.311, lng: 69.279 },
    })
  })

  it('tells the other side about typing at most every 3 seconds', async () => {
    const socket = connected()
    server(() => new Response(null, { status: 500 }))
    await renderConversation()
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000)
    await userEvent.type(screen.getByRole('textbox', { name: 'Сообщение' }), 'Здравствуйте')
    expect(socket.sent('chat:typing').map((emit) => emit.payload)).toEqual([{ chat_id: 5 }])
    now.mockReturnValue(1_003_000)
    await userEvent.type(screen.getByRole('textbox', { name: 'Сообщение' }), '!')
    expect(socket.sent('chat:typing')).toHaveLength(2)
  })
})
