import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

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

/** A certificate for 127.0.0.1 made with openssl for this run, in a folder that is removed at once. */
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
        'subjectAltName=IP:127.0.0.1',
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
 * in order, the last one repeating; 201 when none).
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
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    /** A device URL on this service, answered with the given statuses in turn. */
    device(name: string, ...answers: Answer[]) {
      scripts.set(`/push/${name}`, answers)
      return `${origin}/push/${name}`
    },
    requestsTo: (name: string) => received.filter((request) => request.path === `/push/${name}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>
