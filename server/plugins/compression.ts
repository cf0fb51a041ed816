import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Brotli or gzip for what the server writes as it answers: pages, API JSON, the sitemap. The built files are
 * compressed once at build time instead (vite.config.ts, `preCompressed` in web-app.ts) and pass through as they
 * are. Registered before any route: the plugin wraps the routes added after it.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      globalCompression: true,
      // Requests stay plain: no client of ours compresses a body, and a compressed one could hide its real size.
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Quality 4 compresses a rendered page in well under a millisecond; higher levels cost more than they save.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'compression' },
)
