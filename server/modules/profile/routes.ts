import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'

type Deps = { auth: AuthService; users: UsersRepository; clock: Clock }

export async function profileRoutes(app: FastifyInstance, { auth, users, clock }: Deps) {
  contractRoute(app, endpoints.profile, ({ request }) => auth.profileOf(request.user!))

  contractRoute(app, endpoints.updateProfile, async ({ params, body, request }) => {
    if (params.id !== request.user!.id) throw new AppError('forbidden', 'forbidden')
    return auth.profileOf(await users.update(params.id, body, clock.now()))
  })
}
