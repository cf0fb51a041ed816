import { promises as dns, type LookupAddress } from 'node:dns'
import { Agent, type AgentOptions, type RequestOptions } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { Duplex } from 'node:stream'
import { isAllowedPushHost, PUSH_ENDPOINT_PORT } from './push-service-hosts.ts'
import { isPublicAddress } from './public-address.ts'

/** Every address a host name has. Tests give a fake one: no test reaches the internet. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>

/** The system's resolver, the one any connection would use (hosts file included). */
export const resolveWithSystem: ResolveHost = (hostname) =>
  dns.lookup(hostname, { all: true, order: 'verbatim' })

export const PUSH_DESTINATION_REFUSED = 'ERR_PUSH_DESTINATION_REFUSED'

/** A push that was not sent because of where it would have gone; `reason` is for the log (no host, no path). */
export class PushDestinationRefused extends Error {
  readonly code = PUSH_DESTINATION_REFUSED
  readonly reason: 'host_not_allowed' | 'address_not_public'
  constructor(reason: PushDestinationRefused['reason']) {
    super(`push destination refused: ${reason}`)
    this.name = 'PushDestinationRefused'
    this.reason = reason
  }
}

/**
 * The lookup a push connection uses: it resolves the name itself and refuses when any address is not public, so the
 * address checked is the address connected to. A check before the request, with the connection resolving again,
 * would leave a window in which a name with a short TTL changes its answer to an internal address (DNS
 * rebinding). All addresses are checked, not just the first: the connection may fall back to any of them.
 */
export function publicOnlyLookup(resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        if (found.some((entry) => !isPublicAddress(entry.address)))
          return callback(new PushDestinationRefused('address_not_public'), '')
        const usable = options.family ? found.filter((entry) => entry.family === options.family) : found
        const [first] = usable
        if (!first)
          return callback(Object.assign(new Error('push service has no address'), { code: 'ENOTFOUND' }), '')
        if (options.all) return callback(null, usable)
        return callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    )
  }
}

type ConnectCallback = NonNullable<Parameters<Agent['createConnection']>[1]>

export type PushServiceAgentOptions = Omit<AgentOptions, 'lookup'> & {
  /** PUSH_SERVICE_HOSTS. */
  allowedHosts: readonly string[]
  resolve?: ResolveHost
}

/**
 * The only way Web Push leaves this server: a keep-alive HTTPS agent that connects to an allowed push service host on
 * port 443, at a public address, or not at all. It judges the host the request really goes to (web-push parses the
 * endpoint with the legacy url.parse, which need not agree with the URL we checked at subscribe time), and it also
 * covers subscriptions stored before the allow-list existed.
 */
export class PushServiceAgent extends Agent {
  readonly #allowedHosts: readonly string[]

  constructor({ allowedHosts, resolve = resolveWithSystem, ...options }: PushServiceAgentOptions) {
    // NOTE: an agent's own options win over a request's, so no request can bring its own lookup.
    super({ keepAlive: true, scheduling: 'lifo', ...options, lookup: publicOnlyLookup(resolve) })
    this.#allowedHosts = allowedHosts
  }

  override createConnection(options: RequestOptions, callback?: ConnectCallback): Duplex | null | undefined {
    const host = options.host ?? ''
    // An IP address skips the lookup altogether, so it is refused here with any host that is not a push service's.
    const allowed =
      isIP(host) === 0 &&
      Number(options.port) === PUSH_ENDPOINT_PORT &&
      isAllowedPushHost(host, this.#allowedHosts)
    if (!allowed) {
      // NOTE: Node's agent reads only the error when there is one; the request fails with it, nothing is opened.
      const refusal = new PushDestinationRefused('host_not_allowed')
      process.nextTick(() => callback?.(refusal, undefined as unknown as Duplex))
      return undefined
    }
    return this.connect(options, callback)
  }

  /** Opens a connection the checks allowed, through the checking lookup. Tests route it to their fake service. */
  protected connect(options: RequestOptions, callback?: ConnectCallback): Duplex | null | undefined {
    return super.createConnection(options, callback)
  }
}
