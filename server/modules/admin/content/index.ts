/**
 * The moderators' content editor under /api/admin/content (issue 35): pages, legal documents, the blog and the
 * marquee. Takes the database, the clock, the events and the broadcast, and the audit log; gives nothing.
 */
import type { FastifyInstance } from 'fastify'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import { CONTENT_CHANGED_CHANNEL, createContentChanges } from './content-changes.ts'
import { createAdminContentRepository } from './repository.ts'
import { adminContentRoutes } from './routes.ts'
import { createAdminContentService } from './service.ts'

export type AdminContentContext = Pick<AreaContext, 'database' | 'clock' | 'events' | 'broadcastOn'> & {
  audit: AuditLog
}

export async function adminContent(
  app: FastifyInstance,
  { database, clock, events, broadcastOn, audit }: AdminContentContext,
) {
  const changes = createContentChanges(events, broadcastOn(CONTENT_CHANGED_CHANNEL))
  const content = createAdminContentService({
    repo: createAdminContentRepository(database.db),
    audit,
    clock,
    changes,
  })
  await app.register(adminContentRoutes, { content })
}
