import { decodeJwt } from 'jose'
import { AppError } from '#server/lib/app-error.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import { HANDSHAKE_ERRORS } from './handshake-errors.ts'
import type { Recovery } from './recovery.ts'
import { settleRooms } from './rooms.ts'
import type { SessionGuard } from './session-guard.ts'
import type { RealtimeSocket } from './socket-types.ts'

type Deps = {
  auth: AuthService
  guard: Pick<SessionGuard, 'handshakeStarted'>
  recovery: Pick<Recovery, 'take' | 'keep'>
  onError: (error: unknown) => void
}

/**
 * The socket.io middleware that admits only the access token of a live session (`handshake.auth.token`), as
 * `app.authenticate` does for HTTP; it runs again on every reconnection, recovered ones included. A recovered
 * socket keeps only the rooms its user and their role justify now, and the events it missed only when it comes
 * back as the same user.
 */
export function authenticateHandshake({ auth, guard, recovery, onError }: Deps) {
  return async (socket: RealtimeSocket, next: (error?: Error) => void) => {
    // Taken before anything can refuse: what a recovered socket brought must not outlive a refusal.
    const restored = recovery.take(socket)
    const token: unknown = socket.handshake.auth.token
    if (typeof token !== 'string' || token === '') return next(new Error(HANDSHAKE_ERRORS.unauthorized))
    guard.handshakeStarted(socket)
    try {
      const { claims, user } = await auth.authenticate(token)
      socket.data = {
        userId: user.id,
        role: user.role,
        sessionId: claims.sessionId,
        // The token was just verified, so it has an expiry.
        tokenExpiresAtMs: (decodeJwt(token).exp ?? 0) * 1000,
      }
      // NOTE: were it another person's socket (an app that switched accounts without a new one), neither its
      // rooms nor its missed events follow the new user.
      if (socket.recovered) settleRooms(socket, user)
      if (restored?.userId === user.id) recovery.keep(socket, restored.missed)
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
