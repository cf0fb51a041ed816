import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { endpoints } from '#contract/endpoints.ts'
import { ClientIdSchema } from '#contract/schemas/chats.ts'
import { fieldError } from '#server/lib/app-error.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { ChatsService } from './service.ts'

/** Conversations over HTTP; the same calls travel over the socket too (./socket-events.ts). */
export async function chatRoutes(app: FastifyInstance, { chats }: { chats: ChatsService }) {
  contractRoute(app, endpoints.chats, ({ query, request }) => chats.list(request.user!, query))
  contractRoute(app, endpoints.openChat, ({ body, request }) => chats.open(request.user!, body))
  contractRoute(app, endpoints.supportChat, ({ request }) => chats.support(request.user!))
  contractRoute(app, endpoints.chatsUnread, ({ request }) => chats.totalUnread(request.user!))
  contractRoute(app, endpoints.chat, ({ params, request }) => chats.chat(request.user!, params.id))
  contractRoute(app, endpoints.chatMessages, ({ params, query, request }) =>
    chats.messages(request.user!, params.id, query),
  )
  contractRoute(app, endpoints.sendChatMessage, ({ params, body, request }) =>
    chats.send(request.user!, params.id, body),
  )
  contractRoute(app, endpoints.chatPhoto, ({ params, request }) => {
    const form = (request.body ?? {}) as { client_id?: unknown; file?: unknown }
    const clientId = v.safeParse(ClientIdSchema, form.client_id)
    if (!clientId.success) throw fieldError('client_id', 'client_id_invalid')
    return chats.sendPhoto(
      request.user!,
      params.id,
      clientId.output,
      Buffer.isBuffer(form.file) ? form.file : undefined,
    )
  })
  contractRoute(app, endpoints.readChat, ({ params, body, request }) =>
    chats.read(request.user!, params.id, body.message_id),
  )
  contractRoute(app, endpoints.blockChat, ({ params, body, request }) =>
    chats.block(request.user!, params.id, body.blocked),
  )
  contractRoute(app, endpoints.reportMessage, ({ params, body, request }) =>
    chats.report(request.user!, params.id, params.messageId, body),
  )
}
