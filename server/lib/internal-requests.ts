import { randomBytes } from 'node:crypto'

/**
 * Marks a request the server makes to its own API inside the process (the page renderer's reads), so the limits
 * meant for visitors do not count it. The value is new with each process and never leaves it.
 */
export const INTERNAL_REQUEST_HEADER = 'x-internal-request'
export const INTERNAL_REQUEST_TOKEN = randomBytes(16).toString('hex')

export const isInternalRequest = (headers: Record<string, string | string[] | undefined>) =>
  headers[INTERNAL_REQUEST_HEADER] === INTERNAL_REQUEST_TOKEN
