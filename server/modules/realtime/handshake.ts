import { decodeJwt } from 'jose'
import { AppError } from '#server/lib/app-error.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import type { RealtimeSocket } from './socket-types.ts'

/**
 * Why a connection is refused: the client reads it as `connect_error`'s message. On `token_expired` it refreshes
 * the access token and connects again; `error_occurred` is ours, so it retries later without logging out.
 */
export const HANDSHAKE_ERRORS = {
  unauthorized: 'unauthorized',
  tokenExpired: 'token_expired',
  failed: 'error_occurred',
} as const

/**
 * The socket.io middleware that admits only the access token of a live session (`handshake.auth.token`), as
 * `app.authenticate` does for HTTP; it runs again on every reconnection, recovered ones included.
 */
export function authenticateHandshake(auth: AuthService, onError: (error: unknown) => void) {
  return async (socket: RealtimeSocket, next: (error?: Error) => void) => {
    const token: unknown = socket.handshake.auth.token
    if (typeof token !== 'string' || token === '') return next(new Error(HANDSHAKE_ERRORS.unauthorized))
    try {
      const { claims, user } = await auth.authenticate(token)
      // NOTE: a recovered session brings back the rooms it had. Were that another person's session (an app that
      // switched accounts without a new socket), its rooms must not follow the new user.
      if (socket.recovered && socket.data.userId !== user.id)
        for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room)
      socket.data = {
        userId: user.id,
        role: user.role,
        sessionId: claims.sessionId,
        // The token was just verified, so it has an expiry.
        tokenExpiresAtMs: (decodeJwt(token).exp ?? 0) * 1000,
      }
      next()
    } catch (error) {
      if (!(error instanceof AppError)) {
        onError(error)
        return next(new Error(HANDSHAKE_ERRORS.failed))
      }
      next(
        new Error(
          error.code === 'token_expired' ? HANDSHAKE_ERRORS.tokenExpired : HANDSHAKE_ERRORS.unauthorized,
        ),
      )
    }
  }
}
