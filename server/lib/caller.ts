/**
 * Who is calling: the claims a valid access token carries, and the check that turns a bearer token into them. The
 * auth area makes them; the authenticate plugin and the contract routes read them, without knowing the area.
 */
import type { UserType } from '#contract/schemas/profile.ts'
import type { UserRow } from '#server/db/schema/users.ts'

export type AccessClaims = { userId: number; type: UserType; sessionId: string }

/** The caller of a live session behind a bearer token; throws 401 when there is none. */
export type AuthenticateBearer = (bearer: string) => Promise<{ claims: AccessClaims; user: UserRow }>
