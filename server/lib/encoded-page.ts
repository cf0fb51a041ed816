import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import Negotiator from 'negotiator'

type Encoding = 'br' | 'gzip'
const ENCODINGS: Encoding[] = ['br', 'gzip']
// Below this a page is sent as it is, as the compression plugin does (server/plugins/compression.ts).
const THRESHOLD_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
// Made once and sent many times, so a level well above what a per-request compression could afford.
const ENCODE: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => gzipped(body, { level: 9 }),
}

export type EncodedPage = { send: (request: FastifyRequest, reply: FastifyReply) => Promise<Buffer> }

/**
 * A page's HTML and its compressed forms, each made once when first asked for: a page kept in a cache then costs
 * about what a static file does, instead of a compression per request.
 */
export function encodedPage(html: string): EncodedPage {
  const body = Buffer.from(html)
  const forms = new Map<Encoding, Promise<Buffer>>()
  return {
    async send(request, reply) {
      // Beside what the answer already varies by (the language cookie).
      const vary = reply.getHeader('vary')
      if (!/\baccept-encoding\b/i.test(String(vary ?? '')))
        reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
      const encoding = new Negotiator({ headers: request.headers }).encoding(ENCODINGS) as
        Encoding | undefined
      if (!encoding || !ENCODINGS.includes(encoding) || body.length < THRESHOLD_BYTES) return body
      let form = forms.get(encoding)
      if (!form) {
        form = ENCODE[encoding](body)
        forms.set(encoding, form)
      }
      const encoded = await form
      reply.header('content-encoding', encoding)
      return encoded
    },
  }
}
