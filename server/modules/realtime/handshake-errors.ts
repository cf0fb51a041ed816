/**
 * Why a connection is refused: the client reads it as `connect_error`'s message. On `token_expired` it refreshes
 * the access token and connects again; `error_occurred` is ours, so it retries later without logging out.
 */
export const HANDSHAKE_ERRORS = {
  unauthorized: 'unauthorized',
  tokenExpired: 'token_expired',
  failed: 'error_occurred',
} as const
