import { errors, jwtVerify, SignJWT } from 'jose'
import type { UserType } from '#contract/schemas/profile.ts'
import { unauthorized } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'

export const ACCESS_TOKEN_TTL_S = 15 * 60
const ALGORITHM = 'HS256'
const ISSUER = 'fika'

export type AccessClaims = { userId: number; type: UserType; sessionId: string }

/** Short-lived JWTs: the refresh family id rides along so a logout can end them before they expire. */
export function createAccessTokens(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret)
  return {
    sign(claims: AccessClaims): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000)
      return new SignJWT({ typ: claims.type, sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
        .sign(key)
    },

    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify<{ typ: UserType; sid: string }>(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: clock.now(),
        })
        return { userId: Number(payload.sub), type: payload.typ, sessionId: payload.sid }
      } catch (error) {
        throw unauthorized(error instanceof errors.JWTExpired ? 'token_expired' : 'unauthorized')
      }
    },
  }
}
export type AccessTokens = ReturnType<typeof createAccessTokens>
