// The sign-up's keyboards: the live catalogue and districts as buttons, two to a row, ticked ones marked.
import type { BotButton } from '#server/adapters/telegram/bot-api.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { botText } from './bot-texts.ts'
import type { SignupCatalogue } from './signup-deps.ts'

/** A keyboard of choices is at most this many buttons (Telegram takes 100). */
const CHOICES_MAX = 60

/** What a keyboard is drawn from: the conversation's language and its current choices. */
export type KeyboardState = {
  locale?: Locale
  picks?: { category: number }[]
  category?: number
  services?: number[]
  region?: number
  districts?: number[]
}

export const inPairs = (buttons: BotButton[]) =>
  buttons.reduce<BotButton[][]>((rows, button, index) => {
    if (index % 2 === 0) rows.push([button])
    else rows.at(-1)!.push(button)
    return rows
  }, [])

const ticked = (name: string, on: boolean) => (on ? `✅ ${name}` : name)

export function createKeyboards(catalogue: SignupCatalogue) {
  const localeOf = (state: KeyboardState) => state.locale ?? 'ru'
  const servicesOf = (state: KeyboardState) => catalogue.services(state.category!, localeOf(state))
  const districtsOf = async (state: KeyboardState) =>
    (await catalogue.regions(localeOf(state))).find(({ id }) => id === state.region)?.districts ?? []

  const choices = (
    list: { id: number; name: string }[],
    chosen: number[] | undefined,
    prefix: string,
    locale: Locale,
  ) => [
    ...inPairs(
      list.slice(0, CHOICES_MAX).map(({ id, name }) => ({
        text: ticked(name, chosen?.includes(id) ?? false),
        callback: `${prefix}:${id}`,
      })),
    ),
    { text: botText('done', locale), callback: `${prefix}:done` },
  ]

  return {
    /** The categories not picked yet. */
    async categories(state: KeyboardState) {
      const picked = new Set((state.picks ?? []).map((pick) => pick.category))
      const categories = (await catalogue.categories(localeOf(state))).filter(({ id }) => !picked.has(id))
      return inPairs(
        categories.slice(0, CHOICES_MAX).map(({ id, name }) => ({ text: name, callback: `cat:${id}` })),
      )
    },
    categoryName: async (state: KeyboardState, id: number) =>
      (await catalogue.categories(localeOf(state))).find((category) => category.id === id)?.name,
    services: async (state: KeyboardState) =>
      choices(await servicesOf(state), state.services, 'svc', localeOf(state)),
    regions: async (state: KeyboardState) =>
      inPairs(
        (await catalogue.regions(localeOf(state))).map(({ id, name }) => ({
          text: name,
          callback: `reg:${id}`,
        })),
      ),
    districts: async (state: KeyboardState) =>
      choices(await districtsOf(state), state.districts, 'dst', localeOf(state)),
    /** Whether a tapped id is one the current keyboard offers (a tap's data comes from the client). */
    async offers(state: KeyboardState, list: 'services' | 'districts', id: number) {
      const offered = list === 'services' ? await servicesOf(state) : await districtsOf(state)
      return offered.some((choice) => choice.id === id)
    },
  }
}
export type Keyboards = ReturnType<typeof createKeyboards>
