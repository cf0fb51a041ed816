/**
 * The dev area: `/api/dev/sms`, the codes the dev SMS adapter would have sent, for a developer without a provider.
 * Takes the dev adapter (from the SMS area's port, when it is the one configured); gives nothing.
 */
import fp from 'fastify-plugin'
import type { DevSms } from '#server/adapters/sms/dev-sms.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { devRoutes } from './routes.ts'

export const devArea = fp<Pick<AreaContext, 'config'> & { devSms: DevSms | undefined }>(
  async (app, { config, devSms }) => {
    // Production refuses the dev adapter at start (config.ts); an app built around that still never serves the codes.
    if (devSms && config.NODE_ENV !== 'production') await app.register(devRoutes, { devSms })
  },
  { name: 'dev-area' },
)
