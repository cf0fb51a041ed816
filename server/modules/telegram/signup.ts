// The bot's sign-up conversation (docs/decisions/026-telegram.md): language, the person's own phone (Telegram's
// contact button), name, categories and services, districts; then an executor account, linked to the chat.
import * as v from 'valibot'
import { NameSchema, SurnameSchema } from '#contract/schemas/auth.ts'
import { FREE_SPECIALITIES_MAX } from '#contract/schemas/plan-features.ts'
import { normalizePhone } from '#contract/schemas/phone.ts'
import type { BotMessage } from '#server/adapters/telegram/bot-api.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { messageNumbers, translate } from '#server/i18n/messages.ts'
import { AppError } from '#server/lib/app-error.ts'
import { botText, localeOfTelegram, type BotText } from './bot-texts.ts'
import { createKeyboards, inPairs, type Keyboards } from './signup-keyboards.ts'
import type { SignupDeps, SignupInput, SignupPerson } from './signup-deps.ts'

export type { SignupDeps, SignupInput, SignupPerson } from './signup-deps.ts'

const STEPS = [
  'language',
  'contact',
  'code',
  'name',
  'category',
  'services',
  'more',
  'region',
  'districts',
] as const
type Step = (typeof STEPS)[number]

/** What was answered so far, kept in the conversation's row. */
const AnswersSchema = v.object({
  locale: v.optional(v.picklist(['ru', 'oz', 'uz', 'en'])),
  invite: v.optional(v.string()),
  phone: v.optional(v.string()),
  /** The SMS code sent to a phone that already has an account. */
  requiredId: v.optional(v.string()),
  name: v.optional(v.string()),
  surname: v.optional(v.string()),
  picks: v.optional(v.array(v.object({ category: v.number(), services: v.array(v.number()) }))),
  category: v.optional(v.number()),
  services: v.optional(v.array(v.number())),
  region: v.optional(v.number()),
  districts: v.optional(v.array(v.number())),
})
type Answers = v.InferOutput<typeof AnswersSchema>

/** Each language named in itself, as a person looking for theirs reads it. */
const LANGUAGE_BUTTONS: [Locale, string][] = [
  ['oz', 'O‘zbekcha'],
  ['uz', 'Ўзбекча'],
  ['ru', 'Русский'],
  ['en', 'English'],
]

/** What every step works with: the area's dependencies and the keyboards. */
type Ctx = SignupDeps & { keyboards: Keyboards }
type Message = Omit<BotMessage, 'chatId'>

const localeOf = (answers: Answers): Locale => answers.locale ?? 'ru'
const text = (answers: Answers, key: BotText) => botText(key, localeOf(answers))
const contactKeyboard = (answers: Answers) => ({ askContact: text(answers, 'contactButton') })

/** An error of another area (an SMS code judged), as the sentence the app would show for it. */
function errorText(error: AppError, locale: Locale) {
  const code = Object.values(error.fields ?? {})[0]?.[0] ?? error.code
  const n =
    messageNumbers[code] ?? (error.retryAfterS === undefined ? undefined : Math.ceil(error.retryAfterS))
  return translate(code, locale, n, error.params)
}

/** "Aziz Karimov": a name and a surname (the rest of the words), each within the app's limits. */
function nameOf(written: string) {
  const [first, ...rest] = written.trim().split(/\s+/)
  const name = v.safeParse(NameSchema, first ?? '')
  const surname = v.safeParse(SurnameSchema, rest.join(' '))
  return name.success && surname.success ? { name: name.output, surname: surname.output } : undefined
}

/** The conversation moves to `step`, kept in its row, and the bot asks for it. */
async function ask(ctx: Ctx, person: SignupPerson, step: Step, answers: Answers, message: Message) {
  await ctx.repo.saveSignup(person.telegramId, step, answers, ctx.clock.now())
  await ctx.say(person.chatId, message)
}

const askCategory = async (ctx: Ctx, person: SignupPerson, answers: Answers) =>
  ask(ctx, person, 'category', answers, {
    text: text(answers, 'askCategory'),
    buttons: await ctx.keyboards.categories(answers),
  })

const askRegion = async (ctx: Ctx, person: SignupPerson, answers: Answers) =>
  ask(ctx, person, 'region', answers, {
    text: text(answers, 'askRegion'),
    buttons: await ctx.keyboards.regions(answers),
  })

/** A tick on a list of choices: the row keeps it, and the message's buttons show it at once. */
async function tick(
  ctx: Ctx,
  person: SignupPerson,
  step: 'services' | 'districts',
  answers: Answers,
  messageId?: number,
) {
  await ctx.repo.saveSignup(person.telegramId, step, answers, ctx.clock.now())
  const buttons = await ctx.keyboards[step](answers)
  // Only the buttons' look: the row already holds the tick, so a failed edit loses nothing.
  if (messageId !== undefined)
    await ctx.sender.editButtons(person.chatId, messageId, buttons).catch(() => undefined)
}

const toggled = (list: number[] | undefined, id: number) =>
  list?.includes(id) ? list.filter((one) => one !== id) : [...(list ?? []), id]

/** The phone Telegram vouched for: a new account goes on to the name, an existing one proves it by SMS. */
async function takeContact(
  ctx: Ctx,
  person: SignupPerson,
  answers: Answers,
  contact: { phone: string; ownerId?: number },
) {
  if (contact.ownerId !== Number(person.telegramId))
    return ask(ctx, person, 'contact', answers, {
      text: text(answers, 'contactNotOwn'),
      ...contactKeyboard(answers),
    })
  const phone = normalizePhone(contact.phone)
  if (!phone)
    return ask(ctx, person, 'contact', answers, {
      text: text(answers, 'contactNotUzbek'),
      removeKeyboard: true,
    })
  if (!(await ctx.accounts.phoneTaken(phone)))
    return ask(
      ctx,
      person,
      'name',
      { ...answers, phone },
      { text: text(answers, 'askName'), removeKeyboard: true },
    )
  const sent = await ctx.accounts.sendCode(phone, person.telegramId, localeOf(answers))
  // Refused (a code was sent a moment ago): the contact button stays, to try again once the wait is over.
  if (sent instanceof AppError)
    return ask(ctx, person, 'contact', answers, {
      text: errorText(sent, localeOf(answers)),
      ...contactKeyboard(answers),
    })
  const next = { ...answers, phone, requiredId: sent }
  await ask(ctx, person, 'code', next, { text: text(answers, 'askCode'), removeKeyboard: true })
}

/** The SMS code of an existing account: right, and this Telegram is linked to it. */
async function takeCode(ctx: Ctx, person: SignupPerson, answers: Answers, code: string) {
  const linked = await ctx.accounts.linkByCode({
    phone: answers.phone!,
    requiredId: answers.requiredId!,
    code: code.trim(),
    telegramId: person.telegramId,
  })
  if (linked instanceof AppError)
    return ctx.say(person.chatId, { text: errorText(linked, localeOf(answers)) })
  await ctx.repo.endSignup(person.telegramId)
  await ctx.say(person.chatId, await ctx.accounts.welcome(linked, localeOf(answers), 'linked'))
}

async function finish(ctx: Ctx, person: SignupPerson, answers: Answers) {
  const user = await ctx.accounts.create({
    phone: answers.phone!,
    name: answers.name!,
    surname: answers.surname!,
    telegramId: person.telegramId,
    invite: answers.invite,
    picks: answers.picks ?? [],
    districtIds: answers.districts ?? [],
  })
  await ctx.repo.endSignup(person.telegramId)
  if (!user) return ctx.say(person.chatId, { text: text(answers, 'signupTaken') })
  await ctx.say(person.chatId, await ctx.accounts.welcome(user, localeOf(answers), 'signedUp'))
}

/** "Done" under the services: the category is picked; more of them while the free plan allows, else the region. */
async function servicesDone(ctx: Ctx, person: SignupPerson, answers: Answers) {
  if (!answers.services?.length) return ctx.say(person.chatId, { text: text(answers, 'chooseOne') })
  const picks = [...(answers.picks ?? []), { category: answers.category!, services: answers.services }]
  const next = { ...answers, picks, category: undefined, services: undefined }
  if (picks.length >= FREE_SPECIALITIES_MAX) return askRegion(ctx, person, next)
  await ask(ctx, person, 'more', next, {
    text: text(next, 'askMore'),
    buttons: [
      [
        { text: text(next, 'addCategory'), callback: 'more:add' },
        { text: text(next, 'goOn'), callback: 'more:on' },
      ],
    ],
  })
}

/** A tap on a button of the conversation's current step; taps on an older message's buttons do nothing. */
async function tap(
  ctx: Ctx,
  person: SignupPerson,
  step: Step,
  answers: Answers,
  data: string,
  messageId?: number,
) {
  const [kind, value = ''] = data.split(':')
  const id = Number(value)
  const choice = `${step} ${kind}`
  if (choice === 'language lang' && LANGUAGE_BUTTONS.some(([locale]) => locale === value)) {
    const next = { ...answers, locale: value as Locale }
    return ask(ctx, person, 'contact', next, { text: text(next, 'askContact'), ...contactKeyboard(next) })
  }
  if (choice === 'category cat') {
    const next = { ...answers, category: id, services: [] }
    const name = Number.isSafeInteger(id) ? await ctx.keyboards.categoryName(next, id) : undefined
    if (name === undefined) return
    const message = {
      text: text(next, 'askServices').replace('{category}', name),
      buttons: await ctx.keyboards.services(next),
    }
    return ask(ctx, person, 'services', next, message)
  }
  if (choice === 'services svc' && value === 'done') return servicesDone(ctx, person, answers)
  if (choice === 'services svc' && (await ctx.keyboards.offers(answers, 'services', id)))
    return tick(ctx, person, 'services', { ...answers, services: toggled(answers.services, id) }, messageId)
  if (choice === 'more more')
    return value === 'add' ? askCategory(ctx, person, answers) : askRegion(ctx, person, answers)
  if (choice === 'region reg' && Number.isSafeInteger(id)) {
    const next = { ...answers, region: id, districts: [] }
    return ask(ctx, person, 'districts', next, {
      text: text(next, 'askDistricts'),
      buttons: await ctx.keyboards.districts(next),
    })
  }
  if (choice === 'districts dst' && value === 'done')
    return answers.districts?.length
      ? finish(ctx, person, answers)
      : ctx.say(person.chatId, { text: text(answers, 'chooseOne') })
  if (choice === 'districts dst' && (await ctx.keyboards.offers(answers, 'districts', id)))
    return tick(
      ctx,
      person,
      'districts',
      { ...answers, districts: toggled(answers.districts, id) },
      messageId,
    )
}

export function createSignup(deps: SignupDeps) {
  const ctx: Ctx = { ...deps, keyboards: createKeyboards(deps.catalogue) }
  return {
    /** `/start` from a Telegram user with no account here: the conversation begins (again), in their language. */
    async begin(person: SignupPerson, invite: string | undefined) {
      const answers: Answers = { locale: localeOfTelegram(person.languageCode), ...(invite && { invite }) }
      await ask(ctx, person, 'language', answers, {
        text: text(answers, 'chooseLanguage'),
        buttons: inPairs(
          LANGUAGE_BUTTONS.map(([locale, name]) => ({ text: name, callback: `lang:${locale}` })),
        ),
      })
    },

    /** Anything else the person sends while a conversation is going; false when none is. */
    async answer(person: SignupPerson, input: SignupInput): Promise<boolean> {
      const row = await ctx.repo.signupOf(person.telegramId)
      const parsed = row && v.safeParse(AnswersSchema, row.answers)
      if (!row || !parsed?.success || !STEPS.includes(row.step as Step)) return false
      const step = row.step as Step
      const answers = parsed.output
      if (input.kind === 'tap') await tap(ctx, person, step, answers, input.data, input.messageId)
      else if (input.kind === 'contact' && step === 'contact') await takeContact(ctx, person, answers, input)
      else if (input.kind === 'text' && step === 'code') await takeCode(ctx, person, answers, input.text)
      else if (input.kind === 'text' && step === 'name') {
        const named = nameOf(input.text)
        if (named) await askCategory(ctx, person, { ...answers, ...named })
        else await ctx.say(person.chatId, { text: text(answers, 'nameInvalid') })
      } else if (step === 'contact')
        await ctx.say(person.chatId, { text: text(answers, 'askContact'), ...contactKeyboard(answers) })
      return true
    },
  }
}
export type Signup = ReturnType<typeof createSignup>
