import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { endpoints } from '#contract/endpoints.ts'
import { DOCUMENT_FILE_PATH } from '#contract/verification-endpoints.ts'
import { IdParamSchema } from '#contract/schemas/bounds.ts'
import { AppError } from '#server/lib/app-error.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { SIDES, type DocumentForm, type VerificationService } from './service.ts'

const PhotoParams = v.object({ id: IdParamSchema, side: v.picklist(SIDES, 'not_found') })
const PhotoLink = v.object({
  r: v.pipe(v.string(), v.regex(/^\d{1,10}$/)),
  e: v.pipe(v.string(), v.regex(/^\d{1,12}$/)),
  s: v.pipe(v.string(), v.maxLength(64)),
})
/** The vault path as Fastify names its parameters. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

export async function verificationRoutes(
  app: FastifyInstance,
  { verification }: { verification: VerificationService },
) {
  contractRoute(app, endpoints.verification, ({ request }) => verification.status(request.user!))
  contractRoute(app, endpoints.submitVerification, ({ request }) =>
    verification.submit(request.user!, (request.body ?? {}) as DocumentForm),
  )
  // A document photo: never cached by anyone (the service worker does not cache /api/documents either).
  app.get(fastifyPath(DOCUMENT_FILE_PATH), { schema: { hide: true } }, async (request, reply) => {
    const params = v.safeParse(PhotoParams, request.params)
    const link = v.safeParse(PhotoLink, request.query)
    if (!params.success || !link.success) throw new AppError('not_found', 'not_found')
    const bytes = await verification.readPhoto(params.output.id, params.output.side, link.output)
    return reply
      .type('image/webp')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(bytes)
  })
}
