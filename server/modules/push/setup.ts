import type { FastifyBaseLogger } from 'fastify'
import { createFcmSender, lazyFirebaseMessaging } from '#server/adapters/push/fcm-sender.ts'
import type { JobQueue } from '#server/adapters/jobs/job-queue.ts'
import { routeByProvider, type PushSender } from '#server/adapters/push/push-sender.ts'
import { PushServiceAgent } from '#server/adapters/push/push-service-agent.ts'
import { resolveVapidKeys } from '#server/adapters/push/vapid-keys.ts'
import { createWebPushSender } from '#server/adapters/push/web-push-sender.ts'
import { fcmSettings, type Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Metrics } from '#server/lib/metrics.ts'
import { createPushRepository } from './repository.ts'
import { createPushService } from './service.ts'

/**
 * The push service as the config asks for it: Web Push with our VAPID pair for browser subscriptions, and FCM for
 * registration tokens when every FCM_* variable is set; Web Push reaches PUSH_SERVICE_HOSTS only. `sender` replaces
 * both (tests).
 */
export async function createPush(options: {
  config: Config
  db: Database
  clock: Clock
  log: FastifyBaseLogger
  sender?: PushSender
  jobs: JobQueue
  metrics: Pick<Metrics, 'pushSends'>
}) {
  const { config, log } = options
  const vapid = await resolveVapidKeys(config)
  if (vapid.source === 'generated') log.info('a new VAPID key pair for browser push was saved in DATA_DIR')
  if (vapid.source !== 'environment' && config.NODE_ENV === 'production')
    log.warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: every server must share one pair, and a new one ' +
        'unsubscribes every device',
    )
  const fcm = fcmSettings(config)
  const sender =
    options.sender ??
    routeByProvider({
      webpush: createWebPushSender({
        vapid: { subject: config.VAPID_SUBJECT, ...vapid },
        agent: new PushServiceAgent({ allowedHosts: config.PUSH_SERVICE_HOSTS }),
      }),
      ...(fcm && { fcm: createFcmSender({ messaging: lazyFirebaseMessaging(fcm.serviceAccount) }) }),
    })
  return createPushService({
    repository: createPushRepository(options.db),
    sender,
    clock: options.clock,
    log,
    publicKey: vapid.publicKey,
    allowedHosts: config.PUSH_SERVICE_HOSTS,
    ...(fcm && { firebase: fcm.web }),
    jobs: options.jobs,
    metrics: options.metrics,
    retryDelaysS: config.PUSH_RETRY_DELAYS_S,
    concurrency: config.PUSH_CONCURRENCY,
  })
}
