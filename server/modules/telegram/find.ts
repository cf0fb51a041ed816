// The professionals' catalogue in Telegram (decision 016, "messenger catalogue"; docs/decisions/026-telegram.md):
// the bot's `/find` (category → service → region → district → pages of cards) and inline mode (`@bot уборка
// Юнусабад` in any chat). Only specialists whose plan has `messenger_catalogue` are listed.
import type { BotButton, BotMessage, InlineCard } from '#server/adapters/telegram/bot-api.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { foldForSearch } from '#contract/search-text.ts'
import { botText } from './bot-texts.ts'
import type { SignupCatalogue } from './signup-deps.ts'
import { inPairs } from './signup-keyboards.ts'

/** A professional as a card shows them. */
export type ListedProfessional = {
  id: number
  slug: string
  name: string
  surname: string
  rating: number
  reviewsCount: number
  /** Tiyin; null when the line has no price. */
  priceFrom: number | null
  serviceName: string
}

export type FinderDeps = {
  catalogue: SignupCatalogue
  /** One page of the professionals matching, best rated first, and whether there is a next one. */
  professionals: (query: {
    serviceId?: number
    districtId?: number
    search?: string
    page: number
    perPage: number
    locale: Locale
  }) => Promise<{ rows: ListedProfessional[]; more: boolean }>
  say: (chatId: string, message: Omit<BotMessage, 'chatId'>) => Promise<unknown>
  answerInline: (queryId: string, cards: InlineCard[], nextOffset: string) => Promise<void>
  appUrl: string
}

/** Cards on a page of `/find`, and answers to an inline query at a time. */
const PAGE_SIZE = 5
const INLINE_SIZE = 10
/** Pages past this are not offered: a person who has not chosen among fifty will not among five hundred. */
const PAGES_MAX = 10

const INTL: Record<Locale, string> = { ru: 'ru-RU', oz: 'uz-Latn-UZ', uz: 'uz-Cyrl-UZ', en: 'en-GB' }

function cardLine(professional: ListedProfessional, locale: Locale) {
  const stars =
    professional.reviewsCount > 0
      ? `★ ${professional.rating.toFixed(1)} (${professional.reviewsCount})`
      : botText('findNoReviews', locale)
  const price =
    professional.priceFrom === null
      ? ''
      : ` · ${botText('findPriceFrom', locale).replace(
          '{price}',
          new Intl.NumberFormat(INTL[locale]).format(Math.round(professional.priceFrom / 100)),
        )}`
  return `${professional.name} ${professional.surname} · ${stars}${price}`
}

export function createFinder({ catalogue, professionals, say, answerInline, appUrl }: FinderDeps) {
  const profileUrl = (professional: ListedProfessional) => `${appUrl}/profile/${professional.slug}`
  const cardButtons = (professional: ListedProfessional, locale: Locale): BotButton[] => [
    { text: `${botText('findProfile', locale)}: ${professional.name}`, url: profileUrl(professional) },
    { text: botText('findOrder', locale), webApp: `${appUrl}/direct/order?executor=${professional.id}` },
  ]

  async function listPage(
    chatId: string,
    locale: Locale,
    serviceId: number,
    districtId: number,
    page: number,
  ) {
    const services = await Promise.all(
      (await catalogue.categories(locale)).map((category) => catalogue.services(category.id, locale)),
    )
    const service = services.flat().find(({ id }) => id === serviceId)
    const district = (await catalogue.regions(locale))
      .flatMap((region) => region.districts)
      .find(({ id }) => id === districtId)
    if (!service || !district) return
    const found = await professionals({ serviceId, districtId, page, perPage: PAGE_SIZE, locale })
    if (found.rows.length === 0) return say(chatId, { text: botText('findNone', locale) })
    const heading = botText('findResults', locale)
      .replace('{service}', service.name)
      .replace('{district}', district.name)
    const lines = found.rows.map(
      (row, index) => `${(page - 1) * PAGE_SIZE + index + 1}. ${cardLine(row, locale)}`,
    )
    const more =
      found.more && page < PAGES_MAX
        ? [{ text: botText('findMore', locale), callback: `f:d:${serviceId}:${districtId}:${page + 1}` }]
        : []
    await say(chatId, {
      text: [heading, '', ...lines].join('\n'),
      buttons: [...found.rows.map((row) => cardButtons(row, locale)), ...more],
    })
  }

  return {
    /** `/find`: the categories. */
    async start(chatId: string, locale: Locale) {
      const categories = await catalogue.categories(locale)
      await say(chatId, {
        text: botText('findCategory', locale),
        buttons: inPairs(categories.map(({ id, name }) => ({ text: name, callback: `f:c:${id}` }))),
      })
    },

    /** A tap on one of `/find`'s buttons (`f:…`); each carries all it needs, so `/find` keeps no state. */
    async tap(chatId: string, locale: Locale, data: string) {
      const [, kind, ...ids] = data.split(':')
      const [a, b, c] = ids.map(Number)
      if (ids.some((id) => !Number.isSafeInteger(Number(id)) || Number(id) < 0)) return
      if (kind === 'c' && a !== undefined) {
        const services = await catalogue.services(a, locale)
        return say(chatId, {
          text: botText('findService', locale),
          buttons: inPairs(services.map(({ id, name }) => ({ text: name, callback: `f:s:${id}` }))),
        })
      }
      if (kind === 's' && a !== undefined) {
        const regions = await catalogue.regions(locale)
        return say(chatId, {
          text: botText('askRegion', locale),
          buttons: inPairs(regions.map(({ id, name }) => ({ text: name, callback: `f:r:${a}:${id}` }))),
        })
      }
      if (kind === 'r' && a !== undefined && b !== undefined) {
        const region = (await catalogue.regions(locale)).find(({ id }) => id === b)
        if (!region) return
        return say(chatId, {
          text: botText('findDistrict', locale),
          buttons: inPairs(
            region.districts.map(({ id, name }) => ({ text: name, callback: `f:d:${a}:${id}:1` })),
          ),
        })
      }
      if (kind === 'd' && a !== undefined && b !== undefined && c !== undefined && c >= 1 && c <= PAGES_MAX)
        return listPage(chatId, locale, a, b, c)
    },

    /**
     * Inline mode: the words that name a district choose it, the rest search the professionals' names and
     * services. Each answer is a card to send into the chat, with buttons to the profile and to order.
     */
    async inline(queryId: string, locale: Locale, query: string, offset: string) {
      const page = Math.min(Math.max(Number.parseInt(offset, 10) || 1, 1), PAGES_MAX)
      const districts = (await catalogue.regions(locale)).flatMap((region) => region.districts)
      const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 8)
      const folded = (text: string) => foldForSearch(text)
      const district = districts.find((one) =>
        words.some((word) => word.length >= 3 && folded(one.name).includes(folded(word))),
      )
      const rest = district ? words.filter((word) => !folded(district.name).includes(folded(word))) : words
      const search = rest.join(' ').slice(0, 100)
      const found = await professionals({
        ...(district && { districtId: district.id }),
        ...(search && { search }),
        page,
        perPage: INLINE_SIZE,
        locale,
      })
      const cards: InlineCard[] = found.rows.map((row) => ({
        id: `${row.id}`,
        title: `${row.name} ${row.surname}`,
        description: `${row.serviceName} · ${cardLine(row, locale)}`,
        text: `${cardLine(row, locale)}\n${row.serviceName}\n${profileUrl(row)}`,
        // Inline answers go into any chat, where only address buttons work (not the Mini App's).
        buttons: [
          { text: botText('findProfile', locale), url: profileUrl(row) },
          { text: botText('findOrder', locale), url: `${appUrl}/direct/order?executor=${row.id}` },
        ],
      }))
      await answerInline(queryId, cards, found.more && page < PAGES_MAX ? String(page + 1) : '')
    },
  }
}
export type Finder = ReturnType<typeof createFinder>
