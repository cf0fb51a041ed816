/**
 * A message every server process hears, this one included. Used to drop what processes keep in memory (the
 * session cache) when the database changes under them.
 */
export type Broadcast<T> = {
  /**
   * Sends `message` and resolves once every process listening at that moment has handled it, or after a bounded
   * wait if one does not answer. Never rejects: a failure is logged and the caller goes on.
   */
  publish: (message: T) => Promise<void>
  /** `listener` gets every message, or `'missed'` when some may have been lost (a reconnect). */
  listen: (listener: (message: T | 'missed') => void) => void
  /** False while messages could be lost (not connected): memory kept on the strength of them is not to be trusted. */
  readonly live: boolean
  close: () => Promise<void>
}
