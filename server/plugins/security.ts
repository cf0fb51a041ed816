import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { AppError, rateLimited } from '#server/lib/app-error.ts'
import { isInternalRequest } from '#server/lib/internal-requests.ts'
import { MAX_UPLOAD_BYTES, MULTIPART_MAX_BYTES } from './multipart-limits.ts'

export { MAX_UPLOAD_BYTES }

type Options = {
  requestsPerMinute: number
  redisUrl: string | undefined
  redisKeyPrefix: string
  /** The configured map tile style (MAP_STYLE_URL): the maps fetch it, its tiles, glyphs and sprites. */
  mapStyleUrl?: string | undefined
}

/** Headers, cookies, multipart bodies and the per-address request budget every route shares. */
export const securityPlugin = fp<Options>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      // Strict: only this origin's scripts, styles, images and connections; no framing, no plugins.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          // A tile style's files come from its own host; without it the maps could only use the bundled style.
          connectSrc: ["'self'", ...(options.mapStyleUrl ? [new URL(options.mapStyleUrl).origin] : [])],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    })
    await app.register(cookie)
    // The spec's SMS calls and the uploads are multipart forms; their fields become the body, as JSON would. Only
    // routes that name their form's limits (`Endpoint.form`) read one: any other refuses it before a byte is read.
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 0, fields: 0, parts: 0 },
    })
    app.addHook('onRequest', async (request) => {
      const multipartForm = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false
      if (!multipartForm) return
      const form = request.routeOptions.config?.multipartForm
      if (!form) throw new AppError('validation', 'unsupported_media_type', { status: 415 })
      // A body declared longer than its form can be is refused before it is read; a chunked one is cut by busboy.
      if (Number(request.headers['content-length'] ?? 0) > MULTIPART_MAX_BYTES[form])
        throw new AppError('validation', form === 'fields' ? 'request_too_large' : 'file_invalid', {
          status: 413,
        })
    })

    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
      : undefined
    if (redis) {
      // Without a listener ioredis prints "Unhandled error event" for every retry while Redis is away; one line per
      // outage is enough.
      let reported = false
      redis.on('error', (error) => {
        if (!reported) app.log.warn({ err: error }, 'rate limiter: Redis is unreachable, retrying')
        reported = true
      })
      redis.on('ready', () => (reported = false))
      app.addHook('onClose', async () => void (await redis.quit()))
    }
    await app.register(rateLimit, {
      max: options.requestsPerMinute,
      timeWindow: 60_000,
      // The page renderer's reads of the API inside this process are not a visitor's requests.
      allowList: (request) => isInternalRequest(request.headers),
      ...(redis && { redis, nameSpace: `${options.redisKeyPrefix}rate-limit:` }),
      // While its Redis is away the budget is not counted rather than every request failing: it guards against
      // floods, and the limits that guard codes and logins are kept in the database (modules/sms, modules/auth).
      skipOnError: true,
      errorResponseBuilder: (_request, context) => rateLimited('too_many_requests', context.ttl / 1000),
    })
  },
  { name: 'security' },
)
