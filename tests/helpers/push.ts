import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer, type RequestOptions } from 'node:https'
import { isIP, type AddressInfo, type LookupFunction } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  PushServiceAgent,
  type PushServiceAgentOptions,
  type ResolveHost,
} from '#server/adapters/push/push-service-agent.ts'
import { testConfig } from '#server/config.ts'

/**
 * What a browser's `PushSubscription.toJSON()` holds, made the way a browser makes it: a P-256 key pair whose
 * public half is `p256dh`, and 16 random bytes of `auth`. The private half stays here, to read what was sent.
 */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** Reads an aes128gcm push body (RFC 8188 / RFC 8291) the way the browser does. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16)
      const idLength = body[20]!
      const senderKey = body.subarray(21, 21 + idLength)
      const record = body.subarray(21 + idLength)
      const secret = ecdh.computeSecret(senderKey)
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey])
      const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32))
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
      const decipher = createDecipheriv('aes-128-gcm', key, nonce)
      decipher.setAuthTag(record.subarray(record.length - 16))
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ])
      // The last record ends with a 0x02 delimiter and optional zero padding.
      const end = padded.lastIndexOf(2)
      return padded.subarray(0, end).toString('utf8')
    },
  }
}

/** The host the fake push service's devices are on. */
export const FAKE_PUSH_HOST = 'fcm.googleapis.com'
// The push services' hosts, and the internal ones tests aim at: a request that got past the checks is seen.
const CERTIFICATE_NAMES = [
  `DNS:${FAKE_PUSH_HOST}`,
  'DNS:*.push.services.mozilla.com',
  'DNS:*.push.apple.com',
  'DNS:*.notify.windows.com',
  'DNS:localhost',
  'DNS:internal.example',
  'IP:127.0.0.1',
]

/**
 * A certificate for the push services' hosts (and 127.0.0.1) made with openssl for this run, in a folder that is
 * removed at once.
 */
export function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'fika-push-cert-'))
  try {
    execFileSync(
      '/usr/bin/openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        `subjectAltName=${CERTIFICATE_NAMES.join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer }
type Answer = { status: number; headers?: Record<string, string> }

/**
 * A push service on 127.0.0.1 over HTTPS: it records every request and answers each path from a script (answers
 * in order, the last one repeating; 201 when none). Its devices are on a real push service's host; a
 * FakeNetworkAgent brings their requests here.
 */
export async function startFakePushService(tls: { key: Buffer; cert: Buffer }) {
  const received: PushRequest[] = []
  const scripts = new Map<string, Answer[]>()
  const server = createServer(tls, async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const path = request.url ?? '/'
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
    const script = scripts.get(path) ?? []
    const answer = (script.length > 1 ? script.shift() : script[0]) ?? { status: 201 }
    response.writeHead(answer.status, answer.headers)
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const device = (host: string, name: string, answers: Answer[]) => {
    scripts.set(`/push/${name}`, answers)
    return `https://${host}/push/${name}`
  }
  return {
    port: (server.address() as AddressInfo).port,
    received,
    /** A device URL on this service, answered with the given statuses in turn. */
    device: (name: string, ...answers: Answer[]) => device(FAKE_PUSH_HOST, name, answers),
    /** The same on another push service host (one the fake DNS may point elsewhere). */
    deviceOn: (host: string, name: string, ...answers: Answer[]) => device(host, name, answers),
    requestsTo: (name: string) => received.filter((request) => request.path === `/push/${name}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>

/** An address the fake DNS gives every name by default: public to our checks, never routed (TEST-NET-3, RFC 5737). */
export const FAKE_PUBLIC_ADDRESS = '203.0.113.10'

/** DNS for tests: every name has FAKE_PUBLIC_ADDRESS unless a test writes its own records. */
export function fakeDns() {
  const records = new Map<string, string[]>()
  const resolve: ResolveHost = async (hostname) =>
    (records.get(hostname) ?? [FAKE_PUBLIC_ADDRESS]).map((address) => ({ address, family: isIP(address) }))
  return { records, resolve }
}

type ConnectCallback = NonNullable<Parameters<PushServiceAgent['createConnection']>[1]>

/**
 * The production agent, every check included, on a test's network: names resolve through a fake DNS, and a
 * connection the checks allow goes to the fake push service on 127.0.0.1 (which no check would allow) instead of
 * the address they approved. Its certificate is trusted here only, as a real one is by the system's store.
 */
export class FakeNetworkAgent extends PushServiceAgent {
  readonly #servicePort: () => number
  /** The addresses the checks approved, one per connection opened. */
  readonly dialled: string[] = []

  constructor({
    servicePort,
    ...options
  }: Omit<PushServiceAgentOptions, 'allowedHosts'> & {
    /** PUSH_SERVICE_HOSTS' default unless given. */
    allowedHosts?: readonly string[]
    /** Required: no test asks the system's DNS. */
    resolve: ResolveHost
    ca: Buffer
    servicePort: () => number
  }) {
    super({ allowedHosts: testConfig().PUSH_SERVICE_HOSTS, ...options })
    this.#servicePort = servicePort
  }

  protected override connect(options: RequestOptions, callback?: ConnectCallback) {
    const checked = options.lookup as LookupFunction
    const toFakeService: LookupFunction = (hostname, lookupOptions, done) =>
      checked(hostname, lookupOptions, (error, address) => {
        if (error) return done(error, '')
        this.dialled.push(Array.isArray(address) ? address[0]!.address : address)
        if (Array.isArray(address)) return done(null, [{ address: '127.0.0.1', family: 4 }])
        return done(null, '127.0.0.1', 4)
      })
    return super.connect({ ...options, lookup: toFakeService, port: this.#servicePort() }, callback)
  }
}
