import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import { createRedisBroadcast } from '#server/adapters/broadcast/redis-broadcast.ts'
import { createDevSms } from '#server/adapters/sms/dev-sms.ts'
import { createEskizSms } from '#server/adapters/sms/eskiz-sms.ts'
import { createLocalStorage } from '#server/adapters/storage/local-storage.ts'
import type { PushSender } from '#server/adapters/push/push-sender.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import type { Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { systemClock, type Clock } from '#server/lib/clock.ts'
import { createDomainEvents } from '#server/lib/domain-events.ts'
import { serializeError } from '#server/lib/log-serializers.ts'
import { trustProxyOption } from '#server/lib/trust-proxy.ts'
import { maskPhone, maskPhonesIn } from '#server/lib/phone-mask.ts'
import { createAttemptsRepository } from '#server/modules/attempts/repository.ts'
import { createAccessTokens } from '#server/modules/auth/access-tokens.ts'
import { createSessionsRepository } from '#server/modules/auth/repository.ts'
import { authRoutes } from '#server/modules/auth/routes.ts'
import { createAuthService } from '#server/modules/auth/service.ts'
import {
  createSessionCache,
  SESSION_CACHE_CHANNEL,
  type SessionInvalidation,
} from '#server/modules/auth/session-cache.ts'
import { createCatalogueRepository } from '#server/modules/catalogue/repository.ts'
import { catalogueRoutes } from '#server/modules/catalogue/routes.ts'
import { createCatalogueService } from '#server/modules/catalogue/service.ts'
import { createContentRepository } from '#server/modules/content/repository.ts'
import { contentRoutes } from '#server/modules/content/routes.ts'
import { devRoutes } from '#server/modules/dev/routes.ts'
import { createChatsRepository } from '#server/modules/chats/repository.ts'
import { chatRoutes } from '#server/modules/chats/routes.ts'
import { createChatsService } from '#server/modules/chats/service.ts'
import { chatSocketEvents } from '#server/modules/chats/socket-events.ts'
import { createOrdersRepository } from '#server/modules/orders/repository.ts'
import { createPublicAnswers, type PublicAnswersInvalidation } from '#server/modules/orders/public-answers.ts'
import { orderRoutes } from '#server/modules/orders/routes.ts'
import { createOrdersService } from '#server/modules/orders/service.ts'
import { createOrderViewers } from '#server/modules/orders/order-viewers.ts'
import { createViewCounter } from '#server/modules/orders/view-counter.ts'
import { healthRoutes } from '#server/modules/health/routes.ts'
import { calendarRoutes } from '#server/modules/calendar/routes.ts'
import { createCalendarRepository } from '#server/modules/calendar/repository.ts'
import { createCalendarService } from '#server/modules/calendar/service.ts'
import { createDistrictsRepository } from '#server/modules/districts/repository.ts'
import { districtRoutes } from '#server/modules/districts/routes.ts'
import { createExecutorsRepository } from '#server/modules/executors/repository.ts'
import { executorRoutes } from '#server/modules/executors/routes.ts'
import { createExecutorsService } from '#server/modules/executors/service.ts'
import { createPortfolioRepository } from '#server/modules/portfolio/repository.ts'
import { portfolioRoutes } from '#server/modules/portfolio/routes.ts'
import { createPortfolioService } from '#server/modules/portfolio/service.ts'
import { attachRealtime, noRealtime, type RealtimeOptions } from '#server/modules/realtime/socket-server.ts'
import { createProfileRepository } from '#server/modules/profile/repository.ts'
import { createPromotionRepository } from '#server/modules/promotion/repository.ts'
import { promotionRoutes } from '#server/modules/promotion/routes.ts'
import { createPromotionService } from '#server/modules/promotion/service.ts'
import { profileRoutes } from '#server/modules/profile/routes.ts'
import { createProfileService } from '#server/modules/profile/service.ts'
import { createPageRenderer, type PageRenderer } from '#server/modules/page-render/service.ts'
import { createPageHeads, type PageHeads } from '#server/modules/page-heads/service.ts'
import { loadWebMessages } from '#server/modules/page-heads/web-messages.ts'
import { createSitemapRepository } from '#server/modules/sitemap/repository.ts'
import { sitemapRoutes } from '#server/modules/sitemap/routes.ts'
import { createSitemapService } from '#server/modules/sitemap/service.ts'
import { pushRoutes } from '#server/modules/push/routes.ts'
import { createPush } from '#server/modules/push/setup.ts'
import { createSpecialitiesRepository } from '#server/modules/specialities/repository.ts'
import { specialityRoutes } from '#server/modules/specialities/routes.ts'
import { createSpecialitiesService } from '#server/modules/specialities/service.ts'
import { smsRoutes } from '#server/modules/sms/routes.ts'
import { createSmsService } from '#server/modules/sms/service.ts'
import { createUsersRepository } from '#server/modules/users/repository.ts'
import { paymentProviderRoutes } from '#server/modules/wallet/provider-routes.ts'
import { createWalletRepository } from '#server/modules/wallet/repository.ts'
import { walletRoutes } from '#server/modules/wallet/routes.ts'
import { createInviteRecorder, inviteCodes } from '#server/modules/wallet/invites.ts'
import { createWalletService, paymentKeys } from '#server/modules/wallet/service.ts'
import { createEntitlements } from '#server/modules/wallet/entitlements.ts'
import { createNotifier } from '#server/modules/notifications/notifier.ts'
import { type PushDelivery, type RealtimeHub } from '#server/modules/notifications/ports.ts'
import { createNotificationsRepository } from '#server/modules/notifications/repository.ts'
import { notificationRoutes } from '#server/modules/notifications/routes.ts'
import { createNotificationsService } from '#server/modules/notifications/service.ts'
import { createSmsFallback, settleAnsweredSms } from '#server/modules/notifications/sms-fallback.ts'
import { apiDocsPlugin } from '#server/plugins/api-docs.ts'
import { authenticatePlugin } from '#server/plugins/authenticate.ts'
import { compressionPlugin } from '#server/plugins/compression.ts'
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from '#server/plugins/errors.ts'
import { localePlugin } from '#server/plugins/locale.ts'
import { securityPlugin } from '#server/plugins/security.ts'
import { webAppPlugin } from '#server/plugins/web-app.ts'

export type AppDeps = {
  config: Config & { JWT_SECRET: string }
  database: DatabaseHandle
  clock?: Clock
  /** Replaces the SMS adapter the config names (tests that play a failing provider). */
  smsSender?: SmsSender
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
const OPEN_LIST_CHANNEL = 'fika:open-orders-list'

/**
 * Builds the whole API without listening, so tests drive it through `app.inject()`. Plugins go in the order
 * infrastructure, then services, then routes.
 */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  smsSender,
  pushSender,
  logStream,
  webRoot,
  rendererEntry,
  realtime: realtimeOptions = {},
  realtimeHub,
  pushDelivery,
  viewsFlushEveryMs,
  sitemapUrlsPerFile,
}: AppDeps) {
  const app: FastifyInstance = Fastify({
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    logger: {
      level: config.LOG_LEVEL,
      ...(logStream && { stream: logStream }),
      // Bodies are never logged; URLs are logged with phones masked (the SMS check carries one in its query).
      serializers: {
        req: (request) => ({ method: request.method, url: maskPhonesIn(request.url), ip: request.ip }),
        res: (reply) => ({ statusCode: reply.statusCode }),
        err: serializeError,
      },
    },
    // Validation is done by the contract's valibot schemas in contractRoute; the JSON schemas are for the docs.
    ajv: { customOptions: { strict: false } },
    // Requests Fastify or Node cannot route or read still answer in our error shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  })
  app.setValidatorCompiler(() => () => true)
  // The API reads JSON and multipart forms only; plain text is refused (415) rather than read as a string body.
  app.removeContentTypeParser('text/plain')

  const devSms =
    config.SMS_PROVIDER === 'dev' ? createDevSms({ now: clock.now, log: logDevSms(app) }) : undefined
  const sender =
    smsSender ??
    devSms?.sender ??
    createEskizSms({
      baseUrl: config.ESKIZ_BASE_URL,
      email: config.ESKIZ_EMAIL ?? '',
      password: config.ESKIZ_PASSWORD ?? '',
      from: config.ESKIZ_FROM,
    })

  const { db } = database
  const storage = createLocalStorage(config.DATA_DIR)
  const users = createUsersRepository(db)
  const sessions = createSessionsRepository(db)
  const attempts = createAttemptsRepository(db)
  const sms = createSmsService({ db, users, attempts, sender, clock, secret: config.JWT_SECRET })
  // What a process keeps in memory is dropped in every process through Redis, when there is one.
  const broadcastOn = <T>(channel: string) =>
    config.REDIS_URL ? createRedisBroadcast<T>(config.REDIS_URL, channel, app.log) : undefined
  const sessionCache = createSessionCache({
    ttlS: config.AUTH_CACHE_TTL_S,
    clock,
    broadcast: broadcastOn<SessionInvalidation>(SESSION_CACHE_CHANNEL),
  })
  app.addHook('onClose', () => sessionCache.close())
  const auth = createAuthService({
    users,
    attempts,
    sms,
    clock,
    sessions,
    tokens: createAccessTokens(config.JWT_SECRET, clock),
    sessionCache,
    recordInvite: createInviteRecorder({ db, codes: inviteCodes(config.JWT_SECRET), clock }),
  })
  // Sockets on this server's port (server/modules/realtime); the notifier emits through `realtime.hub`.
  const realtime =
    realtimeOptions === false
      ? noRealtime
      : attachRealtime(app, { auth, users, clock, redisUrl: config.REDIS_URL, ...realtimeOptions })

  await app.register(compressionPlugin)
  await app.register(localePlugin)
  // Public pages get their own head (title, alternates, card, JSON-LD) from the services below, once they exist.
  const late: { pageHeads?: PageHeads; pageRenderer?: PageRenderer } = {}
  await app.register(webAppPlugin, {
    root: webRoot ?? DEFAULT_WEB_ROOT,
    pageFor: (pathname, locale, origin) => late.pageHeads?.pageFor(pathname, locale, origin),
    renderPage: (url, locale, origin) =>
      late.pageRenderer?.available ? late.pageRenderer.render(url, locale, origin) : undefined,
  })
  await app.register(errorsPlugin)
  await app.register(securityPlugin, {
    requestsPerMinute: config.RATE_LIMIT_PER_MINUTE,
    redisUrl: config.REDIS_URL,
    mapStyleUrl: config.MAP_STYLE_URL,
  })
  await app.register(apiDocsPlugin)
  await app.register(authenticatePlugin, { auth })

  await app.register(healthRoutes, { database })
  await app.register(smsRoutes, { sms })
  await app.register(authRoutes, { auth })
  // What each person's tariff plan unlocks (docs/decisions/016-plan-features.md), asked by every locked write.
  const entitlements = createEntitlements({ db, clock })
  // A master's promotion: its own endpoints, the cards above /executors, and new orders heard first.
  const promotion = createPromotionService(createPromotionRepository(db), entitlements, clock)
  await app.register(promotionRoutes, { promotion })
  const specialitiesRepository = createSpecialitiesRepository(db)
  const portfolioRepository = createPortfolioRepository(db)
  const districts = createDistrictsRepository(db)
  const profile = createProfileService({
    profiles: createProfileRepository(db),
    users,
    sessions,
    specialities: specialitiesRepository,
    portfolio: portfolioRepository,
    districts,
    storage,
    clock,
    sessionCache,
    entitlements,
    publicUrl: config.PUBLIC_URL,
  })
  await app.register(profileRoutes, { profile })
  await app.register(specialityRoutes, {
    specialities: createSpecialitiesService(specialitiesRepository, users, entitlements),
  })
  await app.register(portfolioRoutes, {
    portfolio: createPortfolioService(portfolioRepository, users, storage, entitlements),
  })
  await app.register(calendarRoutes, {
    calendar: createCalendarService(createCalendarRepository(db), users, entitlements),
  })
  await app.register(districtRoutes, { districts })
  await app.register(executorRoutes, {
    executors: createExecutorsService(createExecutorsRepository(db), districts, clock),
  })
  const catalogue = createCatalogueService(createCatalogueRepository(db), {
    mapStyleUrl: config.MAP_STYLE_URL,
  })
  await app.register(catalogueRoutes, { catalogue })
  const content = createContentRepository(db)
  await app.register(contentRoutes, { content })
  // Browser push; the notifier delivers through `services.push` (a PushDelivery).
  const push = await createPush({
    config,
    db,
    clock,
    log: app.log.child({ module: 'push' }),
    sender: pushSender,
  })
  app.addHook('onClose', async () => push.close())
  await app.register(pushRoutes, { push })

  // Notifications: domain events -> the notifier -> the bell, sockets and push; unread ones -> the SMS fallback.
  const events = createDomainEvents((error, event) =>
    app.log.error({ err: error, event: event.type }, 'event listener failed'),
  )
  const notificationsRepository = createNotificationsRepository(db)
  const notifications = createNotificationsService({
    repo: notificationsRepository,
    realtime: realtimeHub ?? realtime.hub,
    clock,
    runSmsFallback: createSmsFallback({
      repo: notificationsRepository,
      sender,
      clock,
      config: {
        publicUrl: config.PUBLIC_URL,
        afterMinutes: config.SMS_FALLBACK_MINUTES,
        perDay: config.SMS_FALLBACK_PER_DAY,
      },
      onError: (error) => app.log.error({ err: error }, 'fallback SMS failed'),
    }),
  })
  events.subscribe(
    createNotifier({
      repo: notificationsRepository,
      realtime: realtimeHub ?? realtime.hub,
      push: pushDelivery ?? push,
      clock,
      promotedAmong: promotion.promotedAmong,
      onError: (error, channel) => app.log.error({ err: error, channel }, 'notification delivery failed'),
    }),
  )
  // A step of an order answers its "you were chosen" or "cancelled" still waiting to become an SMS.
  events.subscribe(settleAnsweredSms(notificationsRepository))
  // A review changes the specialist's rating and count, which their cached profile would still show.
  events.subscribe((event) =>
    event.type === 'order.reviewed' ? sessionCache.forget({ user: event.executorId }) : undefined,
  )
  // Notifications still being written finish before the database closes.
  app.addHook('onClose', () => events.settled())
  await app.register(notificationRoutes, { notifications })
  // `connect_user` remembers the person's language (for texts sent outside the app) and answers the unread count.
  realtime.setHooks({
    onUserConnected: (userId, locale) => (locale ? notifications.rememberLocale(userId, locale) : undefined),
    unreadCount: (userId) => notifications.unreadCount(userId),
  })

  const publicAnswers = createPublicAnswers({
    ttlMs: config.OPEN_LIST_CACHE_MS,
    clock,
    broadcast: broadcastOn<PublicAnswersInvalidation>(OPEN_LIST_CHANNEL),
  })
  app.addHook('onClose', () => publicAnswers.close())
  const ordersRepository = createOrdersRepository(db, publicAnswers)
  const orderViewers = createOrderViewers({ repo: ordersRepository, secret: config.JWT_SECRET, clock })
  const orderViews = createViewCounter({
    async store(counts) {
      await ordersRepository.addViews(counts)
      // The past days' viewers go at a flush rather than on a timer of their own. Its failure is only logged: the
      // views are written, and a failed store would write them again.
      await orderViewers
        .forgetPastDays()
        .catch((error: unknown) => app.log.error({ err: error }, 'forgetting past order viewers failed'))
    },
    everyMs: viewsFlushEveryMs,
    onError: (error) => app.log.error({ err: error }, 'writing order views failed'),
  })
  // Before the database closes (main.ts closes it after the app): the views counted last are not lost.
  app.addHook('onClose', () => orderViews.close())
  const orders = createOrdersService(ordersRepository, clock, events, districts, orderViews, orderViewers, {
    liveOrdersMax: config.OPEN_ORDERS_PER_CUSTOMER,
  })
  await app.register(orderRoutes, {
    orders,
    repository: ordersRepository,
    storage,
    publicAnswers,
  })

  // Chat: conversations over HTTP and the socket; a reply or a direct order opens one; an unread message becomes a
  // notification through the notifier.
  const chats = createChatsService({
    repo: createChatsRepository(db),
    ports: {
      order: (id) => ordersRepository.find(id),
      replyOf: (orderId, executorId) => ordersRepository.replyOf(orderId, executorId),
      personExists: async (id) => {
        const user = await users.findById(id)
        return user !== undefined && user.deletedAt === null
      },
      savePhoto: (folder, bytes) => storage.save(folder, bytes, 'webp'),
      unreadMessage: (event) => events.publish({ type: 'chat.unread', ...event }),
      conversationRead: (userId, chatId) =>
        void notifications
          .conversationRead(userId, chatId)
          .catch((error: unknown) => app.log.error({ err: error }, 'reading chat notifications failed')),
    },
    hub: realtime.chatHub,
    clock,
    limits: {
      perMinute: config.CHAT_MESSAGES_PER_MINUTE,
      notifyAfterMs: config.CHAT_NOTIFY_AFTER_S * 1000,
    },
    onError: (error) => app.log.error({ err: error }, 'chat delivery failed'),
  })
  app.addHook('onClose', async () => chats.close())
  events.subscribe(async (event) => {
    if (event.type === 'order.replied') await chats.openForReply(event.order, event.executorId)
    if (event.type === 'order.published' && event.order.isDirect) await chats.openForDirectOrder(event.order)
  })
  await app.register(chatRoutes, { chats })
  realtime.setHooks({
    onSocket: chatSocketEvents(chats, (error) => app.log.error({ err: error }, 'chat socket event failed')),
  })

  // The wallet: plans paid through Payme and Click (docs/decisions/015-wallet-and-payments.md). The providers'
  // endpoints read their bodies as text in their own plugin and answer in the providers' protocols.
  const wallet = createWalletService({
    repo: createWalletRepository(db),
    config,
    keys: paymentKeys(config),
    codes: inviteCodes(config.JWT_SECRET),
    clock,
    onError: (error, where) => app.log.error({ err: error, where }, 'payment call failed'),
  })
  await app.register(walletRoutes, { wallet })
  await app.register(paymentProviderRoutes, { wallet })

  // Production refuses the dev adapter at start (config.ts); an app built around that still never serves the codes.
  if (devSms && config.NODE_ENV !== 'production') await app.register(devRoutes, { devSms })

  // /sitemap.xml, its files and /robots.txt, at the site's public address.
  await app.register(sitemapRoutes, {
    sitemap: createSitemapService({
      repo: createSitemapRepository(db),
      publicUrl: config.PUBLIC_URL,
      urlsPerFile: sitemapUrlsPerFile,
    }),
  })

  const pageHeads = createPageHeads({
    messages: () => loadWebMessages(),
    catalogue,
    content,
    profile,
    orders,
    events,
  })
  late.pageHeads = pageHeads
  const pageRenderer = createPageRenderer({
    entry: rendererEntry ?? DEFAULT_RENDERER_ENTRY,
    inject: (options) => app.inject(options),
    events,
    log: app.log,
  })
  late.pageRenderer = pageRenderer

  return Object.assign(app, {
    services: {
      sms,
      auth,
      push,
      realtime,
      notifications,
      events,
      sessionCache,
      publicAnswers,
      orderViews,
      chats,
      wallet,
      entitlements,
      pageHeads,
      pageRenderer,
    },
  })
}

function logDevSms(app: FastifyInstance) {
  // The dev adapter exists to show the code to a developer, so here (and only here) the text is logged.
  return (message: { phone: string; text: string }) =>
    app.log.info({ to: maskPhone(message.phone), sms: message.text }, 'dev SMS')
}
