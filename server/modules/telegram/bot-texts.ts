// What the bot writes, in the reader's language, from the server's catalogs (server/locales/*.po).
import { serverText, type ServerMessage } from '#server/i18n/catalog.ts'
import type { Locale } from '#server/i18n/locale.ts'

const TEXTS = {
  linked: /*i18n*/ {
    id: 'telegram.linked',
    message:
      'Your Telegram is now linked to your Fika account. The notifications you switch on for Telegram in the app will come to this chat.',
  },
  linkInvalid: /*i18n*/ {
    id: 'telegram.link_invalid',
    message:
      'This link no longer works: it was already used or it has expired. In the Fika app open Profile → Settings → Connect Telegram to get a new one.',
  },
  welcomeBack: /*i18n*/ {
    id: 'telegram.welcome_back',
    message: 'Hello again! This chat is linked to your Fika account, and your notifications come here.',
  },
  openApp: /*i18n*/ { id: 'telegram.open_app', message: 'Open Fika' },
  openMiniApp: /*i18n*/ { id: 'telegram.open_mini_app', message: 'Open in Telegram' },
  open: /*i18n*/ { id: 'telegram.open', message: 'Open' },
  chooseLanguage: /*i18n*/ {
    id: 'telegram.signup.language',
    message:
      'Hello! This is Fika, the services marketplace. Let us sign you up as a specialist. Choose your language:',
  },
  askContact: /*i18n*/ {
    id: 'telegram.signup.contact',
    message:
      'Share your phone number with the button below: it becomes your Fika login. It must be the number of this Telegram account, so no SMS code is needed.',
  },
  contactButton: /*i18n*/ { id: 'telegram.signup.contact_button', message: 'Share my phone number' },
  contactNotOwn: /*i18n*/ {
    id: 'telegram.signup.contact_not_own',
    message: 'This is someone else’s contact. Share your own number with the button below.',
  },
  contactNotUzbek: /*i18n*/ {
    id: 'telegram.signup.contact_not_uzbek',
    message:
      'Signing up in the bot needs an Uzbek number (+998). You can register in the app with another number you own.',
  },
  askCode: /*i18n*/ {
    id: 'telegram.signup.code',
    message:
      'This number already has a Fika account. We sent it an SMS with a code: write the code here to link this Telegram to the account. You can also link it in the app: Profile → Settings → Connect Telegram.',
  },
  askName: /*i18n*/ {
    id: 'telegram.signup.name',
    message: 'Write your name and surname, for example: Aziz Karimov',
  },
  nameInvalid: /*i18n*/ {
    id: 'telegram.signup.name_invalid',
    message: 'Write your name and surname as two words, each at most 25 letters.',
  },
  askCategory: /*i18n*/ { id: 'telegram.signup.category', message: 'Choose the category of your work:' },
  askServices: /*i18n*/ {
    id: 'telegram.signup.services',
    message: 'Tick the services you offer in “{category}”, then press Done.',
  },
  chooseOne: /*i18n*/ { id: 'telegram.signup.choose_one', message: 'Tick at least one.' },
  done: /*i18n*/ { id: 'telegram.signup.done', message: 'Done' },
  askMore: /*i18n*/ {
    id: 'telegram.signup.more',
    message: 'Saved. Add another category of work, or go on?',
  },
  addCategory: /*i18n*/ { id: 'telegram.signup.add_category', message: 'Add a category' },
  goOn: /*i18n*/ { id: 'telegram.signup.go_on', message: 'Go on' },
  askRegion: /*i18n*/ { id: 'telegram.signup.region', message: 'Where do you work? Choose the region:' },
  askDistricts: /*i18n*/ {
    id: 'telegram.signup.districts',
    message: 'Tick the districts where you take orders, then press Done.',
  },
  signedUp: /*i18n*/ {
    id: 'telegram.signup.finished',
    message:
      'Welcome to Fika, {name}! Your specialist account is ready. New orders in your services and districts will come to this chat. Open the app to add your prices and a photo.',
  },
  signupTaken: /*i18n*/ {
    id: 'telegram.signup.taken',
    message:
      'This number got a Fika account while we were talking. Write /start to link it with an SMS code.',
  },
  findCategory: /*i18n*/ {
    id: 'telegram.find.category',
    message: 'Find a professional on Fika. Choose the category:',
  },
  findService: /*i18n*/ { id: 'telegram.find.service', message: 'Choose the service:' },
  findDistrict: /*i18n*/ { id: 'telegram.find.district', message: 'Choose the district:' },
  findResults: /*i18n*/ {
    id: 'telegram.find.results',
    message: 'Professionals for “{service}” in {district}:',
  },
  findNone: /*i18n*/ {
    id: 'telegram.find.none',
    message:
      'No professional offers this service in this district yet. Try a neighbouring district, or post an order in the app: specialists will reply to it.',
  },
  findMore: /*i18n*/ { id: 'telegram.find.more', message: 'More' },
  findProfile: /*i18n*/ { id: 'telegram.find.profile', message: 'Profile' },
  findOrder: /*i18n*/ { id: 'telegram.find.order', message: 'Order' },
  findNoReviews: /*i18n*/ { id: 'telegram.find.no_reviews', message: 'no reviews yet' },
  findPriceFrom: /*i18n*/ { id: 'telegram.find.price_from', message: 'from {price} sum' },
  quickReply: /*i18n*/ { id: 'telegram.quick.reply', message: 'Reply' },
  notInterested: /*i18n*/ { id: 'telegram.quick.not_interested', message: 'Not interested' },
  hidden: /*i18n*/ {
    id: 'telegram.quick.hidden',
    message: 'Hidden: this order will not come in your morning digest.',
  },
  quickReplySent: /*i18n*/ {
    id: 'telegram.quick.sent',
    message: 'Your reply is sent: the customer sees it with your profile.',
  },
  quickReplyNoText: /*i18n*/ {
    id: 'telegram.quick.no_text',
    message: 'To reply from Telegram, first save your reply text in the app: Profile → Notifications.',
  },
  quickReplySetText: /*i18n*/ { id: 'telegram.quick.set_text', message: 'Write my reply text' },
  quickReplyPlan: /*i18n*/ {
    id: 'telegram.quick.plan',
    message: 'Replying from Telegram comes with the Professional plan. Open the order to reply in the app.',
  },
  quickReplyNotLinked: /*i18n*/ {
    id: 'telegram.quick.not_linked',
    message: 'This Telegram is not linked to a Fika account any more.',
  },
} satisfies Record<string, ServerMessage>

export type BotText = keyof typeof TEXTS

export const botText = (text: BotText, locale: Locale) => serverText(TEXTS[text], locale)

/**
 * Telegram's `language_code` (IETF) as one of our languages: Uzbek in Latin script unless it says Cyrillic, and
 * Russian, the default, for the rest.
 */
export function localeOfTelegram(languageCode: string | null | undefined): Locale {
  const code = (languageCode ?? '').toLowerCase()
  if (code.startsWith('uz')) return code.includes('cyrl') ? 'uz' : 'oz'
  if (code.startsWith('en')) return 'en'
  return 'ru'
}
