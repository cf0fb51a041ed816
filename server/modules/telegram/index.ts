/**
 * The Telegram area (docs/decisions/026-telegram.md): "Connect Telegram" links and the bot's `/start` that takes
 * them, the webhook Telegram posts updates to, the bot's messages as jobs, and the Mini App's login. Takes the auth
 * area (a session for a launch, its cache of profiles); gives `app.telegram` (the service, and the dev bot when it
 * is the one sending).
 */
import fp from 'fastify-plugin'
import pThrottle from 'p-throttle'
import {
  createBotSender,
  createDevBot,
  createUpdatePoller,
  type BotSender,
  type DevBot,
} from '#server/adapters/telegram/bot-api.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { defineRetention } from '#server/lib/retention.ts'
import { DEV_BOT_TOKEN } from './dev-bot-token.ts'
import type { AuthPort } from '#server/modules/auth/index.ts'
import { inLocale } from '#server/modules/catalogue/present.ts'
import type { CatalogueService } from '#server/modules/catalogue/service.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import type { ExecutorsService } from '#server/modules/executors/service.ts'
import type { SmsService } from '#server/modules/sms/service.ts'
import type { SpecialitiesRepository } from '#server/modules/specialities/repository.ts'
import { createSignupAccounts } from './signup-accounts.ts'
import type { FinderDeps } from './find.ts'
import type { SignupCatalogue } from './signup-deps.ts'
import { createTelegramRepository } from './repository.ts'
import { telegramRoutes } from './routes.ts'
import { readUpdate } from './update-schema.ts'
import {
  createTelegramService,
  type BotIdentity,
  type TelegramDeps,
  type TelegramService,
} from './service.ts'

/**
 * Telegram takes about 30 messages a second from a bot and answers 429 past it. A process sends no faster, so a new
 * order's thousands of messages go at that pace instead of each being refused and queued again many times over.
 */
const SENDS_PER_SECOND = 30

const paced = (sender: BotSender): BotSender => ({
  ...sender,
  send: pThrottle({ limit: SENDS_PER_SECOND, interval: 1000 })(sender.send),
})

/** Updates Telegram might still repeat are kept this long, then deleted. */
const UPDATES_KEPT_S = 7 * 24 * 3600

export type TelegramContext = AreaContext & {
  auth: AuthPort
  catalogue: CatalogueService
  districts: DistrictsRepository
  specialities: SpecialitiesRepository
  sms: SmsService
  executors: ExecutorsService
  /** The bot's quick "Reply" and "Not interested" act as the app's would (quick-reply.ts). */
  orders: TelegramDeps['orders']
  hasQuickReply: TelegramDeps['hasQuickReply']
}
export type TelegramPort = { service: TelegramService; devBot: DevBot | undefined }

export const telegramArea = fp<TelegramContext>(
  async (app, context) => {
    const {
      database: { db },
      config,
      clock,
      jobs,
      metrics,
      auth,
    } = context
    const token = config.TELEGRAM_BOT_TOKEN
    const devBot = token ? undefined : createDevBot()
    const bot: BotIdentity | undefined = token
      ? { token, username: config.TELEGRAM_BOT_USERNAME }
      : config.NODE_ENV === 'production'
        ? undefined
        : { token: DEV_BOT_TOKEN, username: config.TELEGRAM_BOT_USERNAME }
    const repo = createTelegramRepository(db)
    const forgetUser = (userId: number) => auth.sessionCache.forget({ user: userId })
    const telegram = createTelegramService({
      catalogue: signupCatalogue(context),
      professionals: catalogueOfProfessionals(context.executors),
      orders: context.orders,
      hasQuickReply: context.hasQuickReply,
      accounts: createSignupAccounts({
        repo,
        clock,
        auth: auth.service,
        sms: context.sms,
        specialities: context.specialities,
        appUrl: config.PUBLIC_URL,
        forgetUser,
      }),
      repo,
      clock,
      jobs,
      bot,
      sender: paced(devBot ?? createBotSender({ token: token!, apiRoot: config.TELEGRAM_API_ROOT })),
      appUrl: config.PUBLIC_URL,
      forgetUser,
    })
    defineRetention({ jobs, metrics, config }, 'telegram', () =>
      repo.deleteOld(new Date(clock.now().getTime() - UPDATES_KEPT_S * 1000), clock.now()),
    )
    await app.register(telegramRoutes, {
      telegram,
      auth: auth.service,
      sessionCache: auth.sessionCache,
      clock,
      webhookSecret: config.TELEGRAM_WEBHOOK_SECRET,
    })
    if (token && config.TELEGRAM_MODE === 'polling') {
      const poller = createUpdatePoller({
        token,
        apiRoot: config.TELEGRAM_API_ROOT,
        log: app.log,
        // Checked as the webhook checks what it is posted; what is not an update is skipped.
        onUpdate: async (body) => {
          const update = readUpdate(body)
          if (update) await telegram.receive(update)
        },
      })
      app.addHook('onReady', async () => poller.start())
      app.addHook('preClose', () => poller.stop())
    }
    app.decorate('telegram', { service: telegram, devBot } satisfies TelegramPort)
  },
  { name: 'telegram-area' },
)

/**
 * The bot's catalogue (find.ts): the specialists' search of /executors, best rated first, narrowed to those whose
 * plan has `messenger_catalogue` (decision 016). A card shows the matching line's price, or the first line's.
 */
function catalogueOfProfessionals(executors: ExecutorsService): FinderDeps['professionals'] {
  return async ({ serviceId, districtId, search, page, perPage, locale }) => {
    const found = await executors.list(
      {
        service: serviceId,
        district: districtId,
        search,
        sort: 'rating',
        page,
        perPage,
        planFeature: 'messenger_catalogue',
      },
      locale,
    )
    return {
      rows: found.collection.map((card) => ({
        id: card.id,
        slug: card.slug,
        name: card.name,
        surname: card.surname,
        rating: card.rating,
        reviewsCount: card.reviews_count,
        priceFrom: card.services[0]?.price_from ?? card.services[0]?.price_to ?? null,
        serviceName: card.services[0]?.service.name ?? '',
      })),
      more: page * perPage < found.meta.total,
    }
  }
}

/** The live catalogue and districts, named in a language, as the sign-up's keyboards offer them. */
function signupCatalogue({ catalogue, districts }: TelegramContext): SignupCatalogue {
  return {
    categories: async (locale) =>
      (await catalogue.categories({ with: [], count: [] }, locale)).map(({ id, name }) => ({ id, name })),
    services: async (categoryId, locale) =>
      (await catalogue.category(String(categoryId), locale)).services?.map(({ id, name }) => ({
        id,
        name,
      })) ?? [],
    regions: async (locale) =>
      (await districts.all()).map((region) => ({
        id: region.id,
        name: inLocale(region.name, locale) ?? '',
        districts: region.districts.map((district) => ({
          id: district.id,
          name: inLocale(district.name, locale) ?? '',
        })),
      })),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    telegram: TelegramPort
  }
}
