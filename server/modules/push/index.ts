/**
 * The push area: browser push (Web Push, FCM), a device's subscription and the keys. Takes the config (VAPID keys,
 * FCM) and, in tests, a sender that plays the push service; gives `app.push`, the delivery the notifier uses.
 */
import fp from 'fastify-plugin'
import type { PushSender } from '#server/adapters/push/push-sender.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { daysAgo, defineRetention } from '#server/lib/retention.ts'
import { createPushRepository } from './repository.ts'
import { pushRoutes } from './routes.ts'
import { createPush } from './setup.ts'

export type PushPort = Awaited<ReturnType<typeof createPush>>

export const pushArea = fp<AreaContext & { pushSender?: PushSender }>(
  async (app, { database: { db }, config, clock, jobs, metrics, pushSender }) => {
    const push = await createPush({
      config,
      db,
      clock,
      log: app.log.child({ module: 'push' }),
      sender: pushSender,
      jobs,
      metrics,
    })
    const repository = createPushRepository(db)
    defineRetention({ jobs, metrics, config }, 'push', async () => ({
      failing_push_subscriptions: await repository.deleteFailingSince(
        daysAgo(clock, config.RETENTION_FAILING_PUSH_DAYS),
      ),
    }))
    await app.register(pushRoutes, { push })
    app.decorate('push', push)
  },
  { name: 'push-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    push: PushPort
  }
}
