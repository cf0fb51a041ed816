import { errors, jwtVerify, SignJWT } from 'jose'
import type { UserType } from '#contract/schemas/profile.ts'
import { unauthorized } from '#server/lib/app-error.ts'
import type { AccessClaims } from '#server/lib/caller.ts'
import type { Clock } from '#server/lib/clock.ts'

export const ACCESS_TOKEN_TTL_S = 15 * 60
const ALGORITHM = 'HS256'
const ISSUER = 'fika'

export type { AccessClaims }

// Bounds the memory of verified tokens; past it the oldest are verified again when they come back.
const MAX_VERIFIED = 20_000

/** Short-lived JWTs: the refresh family id rides along so a logout can end them before they expire. */
export function createAccessTokens(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret)
  // A token is sent with every request of its 15 minutes; its signature, checked once, stays good until it expires
  // (whether its session is still live is the session check's concern). The HMAC costs as much as a bare request.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>()
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
      const known = verified.get(token)
      if (known && clock.now().getTime() < known.expiresAtMs) return known.claims
      verified.delete(token)
      try {
        const { payload } = await jwtVerify<{ typ: UserType; sid: string; exp: number }>(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: clock.now(),
          requiredClaims: ['exp'],
        })
        const claims = Object.freeze({
          userId: Number(payload.sub),
          type: payload.typ,
          sessionId: payload.sid,
        })
        if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!)
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 })
        return claims
      } catch (error) {
        throw unauthorized(error instanceof errors.JWTExpired ? 'token_expired' : 'unauthorized')
      }
    },
  }
}
export type AccessTokens = ReturnType<typeof createAccessTokens>
