import type { FastifyInstance, FastifyRequest } from 'fastify'
import { paymentProviderPaths } from '#contract/wallet-endpoints.ts'
import { clickAnswer, parseClickForm } from '#server/adapters/payments/click.ts'
import {
  paymeAuthorizedHash,
  paymeError,
  parsePaymeRequest,
  type PaymeId,
} from '#server/adapters/payments/payme.ts'
import { sandboxRoutes } from './sandbox.ts'
import type { WalletService } from './service.ts'

/** Payme and Click bodies are small; anything larger is not theirs. */
const PROVIDER_BODY_LIMIT = 64 * 1024

/**
 * The endpoints Payme and Click call (research/integrations.md §1, §2). They answer in the providers' protocols with
 * HTTP 200, never in our error shape, and are outside the request budget: a provider's retry must never meet a 429.
 * Bodies are read as text here (this plugin's own parsers), so nothing of them reaches the log.
 */
export async function paymentProviderRoutes(app: FastifyInstance, { wallet }: { wallet: WalletService }) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: PROVIDER_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )
  const raw = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '')
  const noBudget = { config: { rateLimit: false } }

  app.post(paymentProviderPaths.payme, noBudget, async (request) => {
    const body = raw(request)
    // The current key is read on each call: a ChangePassword holds at once on every server process. A failed read is
    // Payme's −32400 with HTTP 200, like any other failure.
    let keyHash: string
    try {
      keyHash = await wallet.paymeCurrentKeyHash()
    } catch (error) {
      request.log.error({ err: error }, 'payme key read failed')
      return paymeError(idOf(body), 'system')
    }
    if (!paymeAuthorizedHash(request.headers.authorization, keyHash))
      return paymeError(idOf(body), 'insufficientPrivilege')
    const parsed = parsePaymeRequest(body)
    if ('answer' in parsed) return parsed.answer
    return wallet.paymeCall(parsed.id, parsed.call)
  })
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH'],
    url: paymentProviderPaths.payme,
    ...noBudget,
    handler: async () => paymeError(null, 'notPost'),
  })

  app.post(paymentProviderPaths.clickPrepare, noBudget, async (request) => {
    const fields = parseClickForm(raw(request))
    return fields ? wallet.clickPrepare(fields) : clickAnswer('badRequest')
  })
  app.post(paymentProviderPaths.clickComplete, noBudget, async (request) => {
    const fields = parseClickForm(raw(request))
    return fields ? wallet.clickComplete(fields) : clickAnswer('badRequest')
  })

  await app.register(sandboxRoutes, { wallet })
}

/** The JSON-RPC id of a body, when it has a readable one (echoed even on an authorisation failure). */
function idOf(body: string): PaymeId {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id
    return typeof id === 'number' || typeof id === 'string' ? id : null
  } catch {
    return null
  }
}
