/** Fired on window when a failed token refresh ended the session; the root layout goes home. */
export const SESSION_ENDED_EVENT = 'fika:session-ended'
