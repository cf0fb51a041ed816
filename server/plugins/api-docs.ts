import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { API_VERSION } from '#contract/endpoints.ts'

/** OpenAPI built from the contract's schemas (through contractRoute), browsable at /api/docs. */
export const apiDocsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Fika marketplace API',
          version: API_VERSION,
          description:
            'Errors share one body: { error: { type, code, message, fields?, retry_after? } }. ' +
            'Messages follow Accept-Language (oz, uz, ru, en; default ru).',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  },
  { name: 'api-docs' },
)
