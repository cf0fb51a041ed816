/** What the API client is built with: a module of its own, read by the client and by its lazily loaded ky half. */
export type ApiClientOptions = {
  baseUrl?: string
  getToken: () => string | null
  getLocale: () => string
  /** Trades the refresh cookie for a new access token; resolves null when the session is over. */
  refreshToken: (expiredToken: string | null) => Promise<string | null>
  onSessionEnded: () => void
  /** The server's renderer asks the API inside its own process. */
  fetch?: (request: Request) => Promise<Response>
}
