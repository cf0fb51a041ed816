// The console's report, with what it is about (docs/decisions/029-reports-and-blocking.md).
import type { AdminReport, ContextMessage } from '#contract/schemas/reports.ts'
import type { MessageRecord } from '#server/modules/chats/repository.ts'
import type { PendingReport } from './console-queries.ts'
import type { ReportsRepository } from './repository.ts'

type Person = Awaited<ReturnType<ReportsRepository['people']>>[number]
type Order = Awaited<ReturnType<ReportsRepository['orders']>>[number]

export const fullName = (person: Pick<Person, 'name' | 'surname'>) =>
  `${person.name} ${person.surname}`.trim()

const authorOf = (person: Person | undefined): AdminReport['author'] =>
  person && !person.deletedAt
    ? {
        id: person.id,
        name: fullName(person),
        blocked: person.blockedAt !== null,
        staff: person.role !== 'user',
      }
    : null

export const contextMessage = (row: MessageRecord, reportedId: number): ContextMessage => ({
  id: row.id,
  sender_id: row.senderId,
  from_support: row.fromSupport,
  kind: row.kind,
  // The moderator reads a hidden message too: it is what they decided on.
  text: row.text,
  photo: row.photo,
  hidden: row.hiddenAt !== null,
  reported: row.id === reportedId,
  created_at: row.createdAt.toISOString(),
})

/** Who wrote the item: whom a warning or a block reaches (the support team's messages are nobody's). */
export function authorIdOf(
  report: Pick<PendingReport, 'kind' | 'itemId'>,
  item: { message?: MessageRecord | undefined; order?: Pick<Order, 'customerId'> | undefined },
): number | null {
  if (report.kind === 'profile') return report.itemId
  if (report.kind === 'order') return item.order?.customerId ?? null
  const message = item.message
  return message && !message.fromSupport ? message.senderId : null
}

/** The reports of one page, each with its item, its people and (a message) its conversation. */
export async function presentReports(repo: ReportsRepository, page: PendingReport[]): Promise<AdminReport[]> {
  const idsOf = (kind: PendingReport['kind']) => page.filter((r) => r.kind === kind).map((r) => r.itemId)
  const [messages, orders] = await Promise.all([repo.messages(idsOf('message')), repo.orders(idsOf('order'))])
  const messageOf = new Map(messages.map((row) => [row.id, row]))
  const orderOf = new Map(orders.map((row) => [row.id, row]))
  const item = (report: PendingReport) => ({
    message: report.kind === 'message' ? messageOf.get(report.itemId) : undefined,
    order: report.kind === 'order' ? orderOf.get(report.itemId) : undefined,
  })
  const authorIds = page.map((report) => authorIdOf(report, item(report)))
  const peopleIds = [...page.map((report) => report.reporterId), ...authorIds.filter((id) => id !== null)]
  const people = new Map((await repo.people([...new Set(peopleIds)])).map((row) => [row.id, row]))
  return Promise.all(
    page.map(async (report, index): Promise<AdminReport> => {
      const { message, order } = item(report)
      const reporter = people.get(report.reporterId)
      const author = authorIds[index] === null ? undefined : people.get(authorIds[index]!)
      const profile = report.kind === 'profile' ? author : undefined
      return {
        kind: report.kind,
        id: report.id,
        reason: report.reason,
        text: report.text,
        created_at: report.createdAt.toISOString(),
        reporter: { id: report.reporterId, name: reporter ? fullName(reporter) : '' },
        author: authorOf(author),
        hidden: Boolean(message?.hiddenAt ?? order?.hiddenAt ?? profile?.hiddenAt),
        conversation: message
          ? {
              chat_id: message.chatId,
              messages: (await repo.around(message.chatId, message.id)).map((row) =>
                contextMessage(row, message.id),
              ),
            }
          : null,
        order: order
          ? { id: order.id, name: order.name, description: order.description, link: `/order/${order.id}` }
          : null,
        profile: profile
          ? {
              id: profile.id,
              name: fullName(profile),
              about: profile.about,
              link: `/profile/${profile.slug}`,
            }
          : null,
      }
    }),
  )
}
