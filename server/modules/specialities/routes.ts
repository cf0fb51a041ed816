import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { optionalCaller } from '#server/plugins/authenticate.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { SpecialitiesService } from './service.ts'

/** Spec section 7's speciality calls, read as docs/decisions/009-specialist-profiles.md says. */
export async function specialityRoutes(
  app: FastifyInstance,
  { specialities }: { specialities: SpecialitiesService },
) {
  contractRoute(app, endpoints.userSpecialities, async ({ params, request }) =>
    specialities.ofUser(params.id, await optionalCaller(app, request), request.locale),
  )
  contractRoute(app, endpoints.speciality, async ({ params, request }) =>
    specialities.one(params.id, await optionalCaller(app, request), request.locale),
  )
  contractRoute(app, endpoints.addSpeciality, ({ params, body, request }) =>
    specialities.add(params.id, body, request.user!, request.locale),
  )
  contractRoute(app, endpoints.updateSpeciality, ({ params, body, request }) =>
    specialities.update(params.id, body, request.user!, request.locale),
  )
  contractRoute(app, endpoints.deleteSpeciality, ({ params, request }) =>
    specialities.remove(params.id, request.user!),
  )
  contractRoute(app, endpoints.specialityServiceStatus, ({ params, body, request }) =>
    specialities.setLineActive(params.id, body.active, request.user!, request.locale),
  )
  contractRoute(app, endpoints.specialityCategoryStatus, ({ params, body, request }) =>
    specialities.setActive(params.userId, params.id, body.active, request.user!, request.locale),
  )
  contractRoute(app, endpoints.specialityUserStatus, ({ params, body, request }) =>
    specialities.setAllActive(params.userId, body.active, request.user!, request.locale),
  )
}
