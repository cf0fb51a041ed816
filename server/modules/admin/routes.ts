import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { AppError } from '#server/lib/app-error.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import type { VerificationService } from '#server/modules/verification/service.ts'

const AUDIT_PAGE = 50

/** The caller, when a moderator: everyone else (support staff too) gets 403; a guest never gets here (401). */
export function moderatorOf(request: FastifyRequest) {
  const user = request.user!
  if (user.role !== 'moderator') throw new AppError('forbidden', 'forbidden')
  return user
}

export async function adminRoutes(
  app: FastifyInstance,
  { verification, audit }: { verification: VerificationService; audit: AuditLog },
) {
  contractRoute(app, endpoints.adminVerifications, ({ request, query }) =>
    verification.queue(moderatorOf(request), query.cursor),
  )
  contractRoute(app, endpoints.approveVerification, ({ request, params }) =>
    verification.decide(params.id, moderatorOf(request), { state: 'approved' }),
  )
  contractRoute(app, endpoints.denyVerification, ({ request, params, body }) =>
    verification.decide(params.id, moderatorOf(request), { state: 'denied', ...body }),
  )
  contractRoute(app, endpoints.audit, async ({ request, query }) => {
    moderatorOf(request)
    const beforeId = query.cursor ? (decodeCursor(query.cursor, ['number'])[0] as number) : undefined
    const rows = await audit.page({ q: query.q || undefined, beforeId, limit: AUDIT_PAGE })
    const page = rows.slice(0, AUDIT_PAGE)
    return {
      collection: page.map((row) => ({
        id: row.id,
        actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
        action: row.action,
        target: row.target,
        reason: row.reason,
        at: row.at.toISOString(),
      })),
      next_cursor: rows.length > AUDIT_PAGE ? encodeCursor([page.at(-1)!.id]) : null,
    }
  })
}
