import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'

export async function profileRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  contractRoute(app, endpoints.profile, ({ request }) => auth.profileOf(request.user!))
}
