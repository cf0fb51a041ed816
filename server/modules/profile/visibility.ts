import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import { orders, replies } from '#server/db/schema/orders.ts'
import { specialities } from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'

// Whose profile may be read, as conditions on a query of `users` (docs/decisions/008-input-bounds-and-privacy.md).
// The conditions name `users` itself: the query they go into must read the table under its own name.

// A profile a moderator hid (decision 029) is missing like a deleted one, but to its owner.
const live = and(isNull(users.deletedAt), isNull(users.hiddenAt))!

/**
 * A specialist: in specialist mode now, or with a specialty of their own. `type` flips at every login, so a
 * specialist who logs in to order something keeps their public profile as long as they keep a specialty.
 */
const isSpecialist = or(
  eq(users.type, 'executor'),
  sql`exists (select 1 from ${specialities} where ${specialities.userId} = ${users.id})`,
)

/** Whose profile anyone may open (GET /myprofile/{slug}, its page's head, the sitemap): a live specialist. */
export const publicProfile = and(live, isSpecialist)!

/**
 * `customer` placed an order that `specialist` replied to or was chosen for (a direct order chooses at once),
 * whatever the order's status since: the two have dealt with each other. Each side is an id or `users.id`.
 */
function dealtOnAnOrder(customer: SQL | number, specialist: SQL | number): SQL {
  return sql`(exists (select 1 from ${orders}
      where ${orders.customerId} = ${customer} and ${orders.executorId} = ${specialist})
    or exists (select 1 from ${replies} join ${orders} on ${orders.id} = ${replies.orderId}
      where ${replies.executorId} = ${specialist} and ${orders.customerId} = ${customer}))`
}

/** The two people are the customer and a specialist of one order, either way round. */
const sharesAnOrderWith = (viewerId: number) =>
  or(dealtOnAnOrder(sql`${users.id}`, viewerId), dealtOnAnOrder(viewerId, sql`${users.id}`))!

/**
 * Whose profile `viewerId` may open: any specialist's, their own, and that of anyone they share an order with; a
 * guest only a specialist's. Everyone else's answers as a missing profile, so an id says nothing of who exists.
 */
export const profileVisibleTo = (viewerId: number | undefined): SQL =>
  viewerId === undefined
    ? publicProfile
    : or(
        and(isNull(users.deletedAt), eq(users.id, viewerId)),
        and(live, or(isSpecialist, sharesAnOrderWith(viewerId))),
      )!
