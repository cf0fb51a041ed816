import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import { createRedisBroadcast } from '#server/adapters/broadcast/redis-broadcast.ts'
import { createJobQueue } from '#server/adapters/jobs/job-queue.ts'
import { createLocalStorage } from '#server/adapters/storage/local-storage.ts'
import type { PushSender } from '#server/adapters/push/push-sender.ts'
import type { MailSender } from '#server/adapters/mail/mail-sender.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import type { Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { systemClock, type Clock } from '#server/lib/clock.ts'
import { createDomainEvents } from '#server/lib/domain-events.ts'
import { serializeError } from '#server/lib/log-serializers.ts'
import { createMetrics, type Metrics } from '#server/lib/metrics.ts'
import { REQUEST_ID_HEADER, requestIdFor } from '#server/lib/request-context.ts'
import { trustProxyOption } from '#server/lib/trust-proxy.ts'
import { maskPhonesIn } from '#server/lib/phone-mask.ts'
import { maskMailDataIn } from '#server/lib/url-mask.ts'
import { attemptsArea } from '#server/modules/attempts/index.ts'
import { authArea } from '#server/modules/auth/index.ts'
import { calendarArea } from '#server/modules/calendar/index.ts'
import { catalogueArea } from '#server/modules/catalogue/index.ts'
import { chatsArea } from '#server/modules/chats/index.ts'
import { contentArea } from '#server/modules/content/index.ts'
import { devArea } from '#server/modules/dev/index.ts'
import { emailArea } from '#server/modules/email/index.ts'
import { telegramArea } from '#server/modules/telegram/index.ts'
import { verificationArea } from '#server/modules/verification/index.ts'
import { adminArea } from '#server/modules/admin/index.ts'
import { moderationArea } from '#server/modules/moderation/index.ts'
import { districtsArea } from '#server/modules/districts/index.ts'
import { executorsArea } from '#server/modules/executors/index.ts'
import { healthArea } from '#server/modules/health/index.ts'
import { notificationsArea } from '#server/modules/notifications/index.ts'
import type { PushDelivery, RealtimeHub } from '#server/modules/notifications/ports.ts'
import { ordersArea } from '#server/modules/orders/index.ts'
import { pageHeadsArea } from '#server/modules/page-heads/index.ts'
import { pageRenderArea } from '#server/modules/page-render/index.ts'
import { portfolioArea } from '#server/modules/portfolio/index.ts'
import { profileArea } from '#server/modules/profile/index.ts'
import { promotionArea } from '#server/modules/promotion/index.ts'
import { pushArea } from '#server/modules/push/index.ts'
import { realtimeArea } from '#server/modules/realtime/index.ts'
import { reportsArea } from '#server/modules/reports/index.ts'
import type { RealtimeOptions } from '#server/modules/realtime/socket-server.ts'
import { sitemapArea } from '#server/modules/sitemap/index.ts'
import { smsArea } from '#server/modules/sms/index.ts'
import { specialitiesArea } from '#server/modules/specialities/index.ts'
import { usersArea } from '#server/modules/users/index.ts'
import { plansArea, walletArea } from '#server/modules/wallet/index.ts'
import { workdayArea } from '#server/modules/workday/index.ts'
import { apiDocsPlugin } from '#server/plugins/api-docs.ts'
import { closingPlugin } from '#server/plugins/closing.ts'
import { compressionPlugin } from '#server/plugins/compression.ts'
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from '#server/plugins/errors.ts'
import { jobsPlugin } from '#server/plugins/jobs.ts'
import { localePlugin } from '#server/plugins/locale.ts'
import { metricsPlugin, metricsRoutePlugin } from '#server/plugins/metrics.ts'
import { requestIdPlugin } from '#server/plugins/request-id.ts'
import { securityPlugin } from '#server/plugins/security.ts'
import { webAppPlugin, webPagesPlugin } from '#server/plugins/web-app.ts'

export type AppDeps = {
  config: Config & { JWT_SECRET: string }
  database: DatabaseHandle
  clock?: Clock
  /** Replaces the SMS adapter the config names (tests that play a failing provider). */
  smsSender?: SmsSender
  /** Replaces the mail sender the config names (tests that play a mail server's answers). */
  mailSender?: MailSender
  /** Replaces the browser push senders (Web Push, FCM) the config names (tests that play a push service). */
  pushSender?: PushSender
  /** Where the log goes; standard output when absent. */
  logStream?: { write: (line: string) => void }
  /** The built web app to host; `dist/` beside the server by default. */
  webRoot?: string
  /** The page renderer (dist-ssr/entry-server.js); a missing one leaves public pages to the browser. */
  rendererEntry?: string
  /** The socket server's options, or false to build the app without one. */
  realtime?: false | RealtimeOptions
  /** Replaces where the notifier emits (tests that watch it); the socket server's hub by default. */
  realtimeHub?: RealtimeHub
  /** Replaces the browser push the notifier uses (tests that watch it); the push module by default. */
  pushDelivery?: PushDelivery
  /** How often counted order views are written (tests that flush by hand make it long). */
  viewsFlushEveryMs?: number
  /** URLs in one sitemap file (tests split sooner than the sitemaps.org 50,000). */
  sitemapUrlsPerFile?: number
}

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist', import.meta.url))
const DEFAULT_RENDERER_ENTRY = fileURLToPath(new URL('../dist-ssr/entry-server.js', import.meta.url))

/**
 * Builds the whole API without listening, so tests drive it through `app.inject()`: the infrastructure plugins,
 * then the areas (server/modules/<area>/index.ts) in dependency order, each given the ports it takes from the ones
 * before it (docs/architecture.md draws them), then the web app's pages, which need the page areas.
 */
export async function buildApp(deps: AppDeps) {
  const app = createFastify(deps)
  const base = baseContext(app, deps)
  app.decorate('metrics', base.metrics)
  const root = deps.webRoot ?? DEFAULT_WEB_ROOT
  await registerInfrastructure(app, deps.config, root, base.metrics)

  await app.register(healthArea, base)
  await app.register(jobsPlugin, { jobs: base.jobs })
  await app.register(usersArea, base)
  const users = app.users.repository
  await app.register(attemptsArea, base)
  const { attempts } = app
  await app.register(plansArea, base)
  const { entitlements, recordInvite } = app.plans
  await app.register(smsArea, { ...base, users, attempts, smsSender: deps.smsSender })
  // Sign-up mails a link to the address given (the email area, registered next: it needs auth's hook and cache).
  const addressGiven = (user: UserRow, locale: Locale) => app.email.service.addressChanged(user, locale)
  await app.register(authArea, { ...base, users, attempts, sms: app.sms, recordInvite, addressGiven })
  const forgetUser = (userId: number) => app.auth.sessionCache.forget({ user: userId })
  await app.register(emailArea, { ...base, users, forgetUser, mailSender: deps.mailSender })
  await app.register(realtimeArea, { ...base, auth: app.auth.service, users, options: deps.realtime ?? {} })
  const { realtime } = app
  await app.register(promotionArea, { ...base, entitlements })
  await app.register(districtsArea, base)
  const districts = app.districts.repository
  await app.register(specialitiesArea, { ...base, users, entitlements })
  await app.register(portfolioArea, { ...base, users, entitlements })
  const { auth, specialities, portfolio } = app
  const email = app.email.service
  await app.register(profileArea, {
    ...base,
    users,
    auth,
    specialities,
    portfolio,
    districts,
    entitlements,
    email,
  })
  await app.register(calendarArea, { ...base, users, entitlements })
  await app.register(executorsArea, { ...base, districts })
  await app.register(catalogueArea, base)
  await app.register(contentArea, base)
  await app.register(pushArea, { ...base, pushSender: deps.pushSender })
  await app.register(telegramArea, {
    ...base,
    auth,
    catalogue: app.catalogue.service,
    districts,
    specialities: specialities.repository,
    sms: app.sms.service,
    executors: app.executors.service,
    // The orders area comes later (it announces to the notifications, which send through Telegram): read at a tap.
    orders: {
      reply: (...args) => app.orders.service.reply(...args),
      hide: (...args) => app.orders.service.hide(...args),
    },
    hasQuickReply: (userId) => entitlements.has(userId, 'smart_notifications'),
  })
  await app.register(notificationsArea, {
    ...base,
    realtime,
    hub: deps.realtimeHub ?? realtime.hub,
    push: deps.pushDelivery ?? app.push,
    telegram: app.telegram.service,
    email: app.email.delivery,
    sender: app.sms.sender,
    promotedAmong: app.promotion.service.promotedAmong,
    professionalsAmong: (userIds) => entitlements.withFeature(userIds, 'smart_notifications'),
  })
  const notifications = app.notifications.service
  await app.register(ordersArea, { ...base, districts, viewsFlushEveryMs: deps.viewsFlushEveryMs })
  await app.register(chatsArea, { ...base, orders: app.orders.repository, users, realtime, notifications })
  await app.register(walletArea, base)
  await app.register(workdayArea, base)
  await app.register(verificationArea, { ...base, auth })
  await app.register(reportsArea, {
    ...base,
    audit: app.verification.audit,
    ports: {
      readableOrder: (id, caller) => app.orders.service.readable(id, caller),
      hideMessage: (messageId, at) => app.chats.service.hideMessage(messageId, at),
      endAllSessions: (userId) => auth.service.endAllSessions(userId, 'blocked'),
      ordersChanged: () => app.orders.publicAnswers.forget(),
    },
  })
  await app.register(moderationArea, { ...base, auth })
  await app.register(adminArea, {
    ...base,
    verification: app.verification,
    reports: app.reports,
    moderation: app.moderation,
  })
  const { devBot } = app.telegram
  await app.register(devArea, {
    ...base,
    devSms: app.sms.devSms,
    devMail: app.email.devMail,
    devTelegram: devBot && { bot: devBot, telegram: app.telegram.service },
  })
  await app.register(sitemapArea, { ...base, urlsPerFile: deps.sitemapUrlsPerFile })

  const [catalogue, content, profile] = [app.catalogue.service, app.content.repository, app.profile.service]
  await app.register(pageHeadsArea, { ...base, catalogue, content, profile, orders: app.orders.service })
  await app.register(pageRenderArea, { ...base, entry: deps.rendererEntry ?? DEFAULT_RENDERER_ENTRY })
  const { pageHeads, pageRenderer } = app
  await app.register(webPagesPlugin, {
    root,
    pageFor: (pathname, locale, origin) => pageHeads.pageFor(pathname, locale, origin),
    renderPage: (url, locale, origin) =>
      pageRenderer.available ? pageRenderer.render(url, locale, origin) : undefined,
  })
  return Object.assign(app, { services: servicesOf(app, base) })
}

/**
 * The plugins every route shares. The web app's files and `/` come before the errors and security plugins, so that
 * they keep the hooks they always had (no rate limit); its pages are registered once the page areas exist.
 */
async function registerInfrastructure(
  app: FastifyInstance,
  config: AppDeps['config'],
  root: string,
  metrics: Metrics,
) {
  // First, so that its hooks see every answer as it is sent (before compression) and each one's time in full.
  await app.register(metricsPlugin, { metrics })
  await app.register(requestIdPlugin)
  await app.register(compressionPlugin)
  await app.register(localePlugin)
  await app.register(closingPlugin)
  await app.register(webAppPlugin, { root })
  await app.register(errorsPlugin)
  await app.register(securityPlugin, {
    requestsPerMinute: config.RATE_LIMIT_PER_MINUTE,
    redisUrl: config.REDIS_URL,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
    mapStyleUrl: config.MAP_STYLE_URL,
  })
  await app.register(apiDocsPlugin)
  await app.register(metricsRoutePlugin, { metrics, token: config.METRICS_TOKEN })
}

/** Fastify with our logger (phones masked, bodies never logged) and our error shape for what it cannot route. */
function createFastify({ config, logStream }: AppDeps): FastifyInstance {
  const app = Fastify({
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    logger: {
      level: config.LOG_LEVEL,
      ...(logStream && { stream: logStream }),
      // Bodies are never logged; URLs are logged with phones masked (the SMS check carries one in its query), and
      // mailed links' tokens and e-mail addresses.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: maskMailDataIn(maskPhonesIn(request.url)),
          ip: request.ip,
        }),
        res: (reply) => ({ statusCode: reply.statusCode }),
        err: serializeError,
      },
    },
    // Validation is done by the contract's valibot schemas in contractRoute; the JSON schemas are for the docs.
    ajv: { customOptions: { strict: false } },
    // A proxy's X-Request-Id is kept only when it is safe to log and repeat (server/lib/request-context.ts).
    requestIdHeader: false,
    genReqId: (request) => requestIdFor(request.headers[REQUEST_ID_HEADER]),
    // On close, idle keep-alive connections end at once; a request arriving on a busy one is answered by
    // server/plugins/closing.ts in our error shape rather than Fastify's own 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Requests Fastify or Node cannot route or read still answer in our error shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  })
  app.setValidatorCompiler(() => () => true)
  // The API reads JSON and multipart forms only; plain text is refused (415) rather than read as a string body.
  app.removeContentTypeParser('text/plain')
  return app
}

/** What every area is built from (server/lib/area-context.ts). */
function baseContext(app: FastifyInstance, { config, database, clock = systemClock }: AppDeps): AreaContext {
  const metrics = createMetrics({ pool: database.pool })
  const events = createDomainEvents((error, event) =>
    app.log.error({ err: error, event: event.type }, 'event listener failed'),
  )
  return {
    config,
    database,
    clock,
    storage: createLocalStorage(config.DATA_DIR),
    events,
    // What a process keeps in memory is dropped in every process through Redis, when there is one.
    broadcastOn: <T>(channel: string) =>
      config.REDIS_URL
        ? createRedisBroadcast<T>(config.REDIS_URL, `${config.REDIS_KEY_PREFIX}${channel}`, app.log)
        : undefined,
    metrics,
    jobs: createJobQueue(database.jobsTarget, {
      log: app.log,
      schedules: config.JOB_SCHEDULES,
      startOnFirstJob: config.JOBS_START === 'first-job',
      hooks: {
        onCompleted: (kind) => metrics.jobsCompleted.inc({ kind }),
        onFailed: (kind) => metrics.jobsFailed.inc({ kind }),
      },
    }),
  }
}

/** The services tests and main.ts reach for (`app.services.<name>`), from the areas' ports. */
function servicesOf(app: FastifyInstance, { events }: AreaContext) {
  return {
    sms: app.sms.service,
    auth: app.auth.service,
    push: app.push,
    realtime: app.realtime,
    notifications: app.notifications.service,
    events,
    sessionCache: app.auth.sessionCache,
    publicAnswers: app.orders.publicAnswers,
    orderViews: app.orders.views,
    chats: app.chats.service,
    wallet: app.wallet.service,
    entitlements: app.plans.entitlements,
    pageHeads: app.pageHeads,
    pageRenderer: app.pageRenderer,
  }
}
