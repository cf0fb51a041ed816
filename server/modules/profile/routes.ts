import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { optionalCaller } from '#server/plugins/authenticate.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { ProfileService } from './service.ts'

export async function profileRoutes(app: FastifyInstance, { profile }: { profile: ProfileService }) {
  contractRoute(app, endpoints.profile, ({ query, request }) =>
    profile.own(request.user!, query.with, request.locale),
  )
  contractRoute(app, endpoints.updateProfile, ({ params, body, request }) =>
    profile.update(params.id, body, request.user!, request.locale),
  )
  contractRoute(app, endpoints.uploadAvatar, ({ request }) => {
    const file = (request.body as { file?: unknown } | undefined)?.file
    return profile.uploadAvatar(Buffer.isBuffer(file) ? file : undefined, request.user!)
  })
  contractRoute(app, endpoints.changePassword, ({ body, request, auth }) =>
    profile.changePassword(body, request.user!, auth.sessionId),
  )
  contractRoute(app, endpoints.deleteAccount, ({ params, body, request }) =>
    profile.deleteAccount(params.id, body.password, request.user!),
  )
  contractRoute(app, endpoints.statistics, ({ request }) => profile.statistics(request.user!))
  contractRoute(app, endpoints.profileShare, ({ request }) => profile.share(request.user!, request.locale))
  contractRoute(app, endpoints.publicProfile, async ({ params, request }) =>
    profile.publicProfile(params.slug, await optionalCaller(app, request), request.locale),
  )
  contractRoute(app, endpoints.userReviews, async ({ params, query, request }) =>
    profile.reviews(params.id, query, await optionalCaller(app, request), request.locale),
  )
}
