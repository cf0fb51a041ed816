import { isPlainHttpsUrl } from '#contract/schemas/notifications.ts'

/**
 * Which hosts may receive our pushes (PUSH_SERVICE_HOSTS): a browser's endpoint is a URL chosen by whoever calls
 * our API, so without this list any URL would get our POSTs, and a 404 deleting the subscription would tell the
 * caller what answered there.
 */

/** Push services' endpoints are plain https on the default port; anything else is no browser's subscription. */
export const PUSH_ENDPOINT_PORT = 443

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
// The last label starts with a letter, so that no name is an IP address.
const NAME = `(?:${LABEL}\\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?`
const HOST_NAME = new RegExp(`^${NAME}$`)
const HOST_ENTRY = new RegExp(`^(?:\\*\\.)?${NAME}$`)

/** An entry of PUSH_SERVICE_HOSTS: a lower-case host name, alone or after `*.`. */
export const isPushHostEntry = (entry: string) => HOST_ENTRY.test(entry)

/**
 * A host name matches an entry that names it, or an entry `*.domain` when it is a name under that domain (a whole
 * label or more: `*.push.apple.com` allows web.push.apple.com, never evilpush.apple.com nor push.apple.com itself).
 */
export function isAllowedPushHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase()
  if (!HOST_NAME.test(host)) return false
  // NOTE: a well-formed name has no empty label, so one that ends with `.domain` has a label before it.
  return allowed.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry))
}

/** A subscription's endpoint we would push to: the contract's plain https URL, on an allowed host. */
export function isAllowedPushEndpoint(endpoint: string, allowed: readonly string[]): boolean {
  return isPlainHttpsUrl(endpoint) && isAllowedPushHost(new URL(endpoint).hostname, allowed)
}
