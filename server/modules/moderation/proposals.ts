// Proposed services (docs/decisions/030-proposed-services-and-hidden-reviews.md): the queue, and a moderator's decision on one — into the catalogue under
// four names and an address, merged into a service the catalogue has, or rejected with a reason. Each decision is
// taken once, audited, and told to the proposer.
import slugify from '@sindresorhus/slugify'
import type { ApproveProposalBody, Proposal, ProposalDecision } from '#contract/schemas/moderation.ts'
import { isServiceSlug, SLUG_MAX } from '#contract/schemas/moderation.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { isUniqueViolation } from '#server/db/unique-violation.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { inLocale } from '#server/i18n/localized.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import { pageOf, readKeyset } from './keyset.ts'
import type { Decided, ProposalsQueries } from './proposals-queries.ts'

const QUEUE_PAGE = 20
/** Where a rejected proposal's notification leads: the catalogue, to find what the person needed. */
const CATALOGUE_PATH = '/services-all'

type Deps = { repo: ProposalsQueries; audit: AuditLog; clock: Clock; events: DomainEvents }
type QueueRow = Awaited<ReturnType<ProposalsQueries['queue']>>[number]

const target = (id: number) => `service:${id}`
const slugTaken = () => fieldError('slug', 'slug_taken', 'conflict')

/** An address made from the proposed name, for the approval form to start from. */
function suggestedSlug(name: Localized) {
  const slug = slugify(name.en || name.oz || name.ru)
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  return isServiceSlug(slug) ? slug : 'service'
}

/** The app's page of a service: `/{category}/{parent}/{service}`, as the order wizard's routes read it. */
const pathOf = (decided: Decided) =>
  `/${[decided.categorySlug, decided.parentSlug, decided.slug].filter(Boolean).join('/')}`

function presentProposal(row: QueueRow, locale: Locale): Proposal {
  return {
    id: row.id,
    names: { ru: row.name.ru, en: row.name.en, oz: row.name.oz, uz: row.name.uz },
    description: row.description ? inLocale(row.description, locale) : null,
    suggested_slug: suggestedSlug(row.name),
    category: { ...row.category, name: inLocale(row.category.name, locale) },
    parent:
      row.parentId !== null && row.parentSlug !== null && row.parentName !== null
        ? { id: row.parentId, slug: row.parentSlug, name: inLocale(row.parentName, locale) }
        : null,
    proposed_by:
      row.proposerId !== null
        ? { id: row.proposerId, name: row.proposerName ?? '', surname: row.proposerSurname ?? '' }
        : null,
    proposed_at: row.createdAt.toISOString(),
  }
}

export function createProposalsModeration({ repo, audit, clock, events }: Deps) {
  /** Nothing pending under this id: another moderator decided it (the audit log says so), or it never was. */
  async function notPending(id: number) {
    const rows = await audit.page({ q: target(id), limit: 10 })
    return rows.some((row) => row.action.startsWith('service.'))
      ? new AppError('conflict', 'proposal_decided')
      : new AppError('not_found', 'not_found')
  }

  /** Audited, and the proposer told, in the moderator's language of the answer. */
  async function settle(
    id: number,
    moderator: UserRow,
    outcome: ProposalDecision['outcome'],
    told: { name: Localized; proposerId: number | null; link: string; reason: string | null },
  ) {
    const action = { approved: 'service.approve', merged: 'service.merge', rejected: 'service.reject' }[
      outcome
    ]
    await audit.record(
      { actorId: moderator.id, action, target: target(id), reason: told.reason },
      clock.now(),
    )
    events.publish({
      type: 'service.decided',
      outcome,
      proposerId: told.proposerId,
      moderatorId: moderator.id,
      name: told.name,
      link: told.link,
      reason: outcome === 'rejected' ? told.reason : null,
    })
  }

  const answer = (id: number, outcome: ProposalDecision['outcome'], decided: Decided, locale: Locale) => ({
    id,
    outcome,
    service: {
      id: decided.serviceId,
      name: inLocale(decided.name, locale),
      slug: decided.slug,
      category_slug: decided.categorySlug,
    },
  })

  return {
    async queue(cursor: string | undefined, locale: Locale) {
      const rows = await repo.queue(QUEUE_PAGE, readKeyset(cursor))
      const { page, nextCursor } = pageOf(rows, QUEUE_PAGE)
      return { collection: page.map((row) => presentProposal(row, locale)), next_cursor: nextCursor }
    },

    async approve(id: number, moderator: UserRow, body: ApproveProposalBody, locale: Locale) {
      const name = { ru: body.name_ru, en: body.name_en, oz: body.name_oz, uz: body.name_uz }
      const categoryId = await repo.pendingCategory(id)
      if (categoryId === undefined) throw await notPending(id)
      if (await repo.slugTaken(categoryId, body.slug, id)) throw slugTaken()
      const decided = await repo.approve(id, name, body.slug).catch((error: unknown) => {
        // Another service took the address between the check and the write.
        throw isUniqueViolation(error) ? slugTaken() : error
      })
      if (!decided) throw await notPending(id)
      const link = pathOf(decided)
      await settle(id, moderator, 'approved', { ...decided, link, reason: link })
      return answer(id, 'approved', decided, locale)
    },

    async merge(id: number, moderator: UserRow, intoId: number, locale: Locale) {
      const decided = await repo.merge(id, intoId)
      if (decided === 'invalid') throw fieldError('into', 'merge_target_invalid')
      if (!decided) throw await notPending(id)
      await settle(id, moderator, 'merged', { ...decided, link: pathOf(decided), reason: target(intoId) })
      return answer(id, 'merged', decided, locale)
    },

    async reject(id: number, moderator: UserRow, reason: string): Promise<ProposalDecision> {
      const rejected = await repo.reject(id)
      if (!rejected) throw await notPending(id)
      await settle(id, moderator, 'rejected', { ...rejected, link: CATALOGUE_PATH, reason })
      return { id, outcome: 'rejected', service: null }
    },
  }
}
export type ProposalsModeration = ReturnType<typeof createProposalsModeration>
