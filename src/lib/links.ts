/**
 * Addresses outside the app. The specialists' sign-up bot and the social pages come from the settings API once the
 * catalogue lands (GET /settings); until then these are the marketplace's published accounts.
 */
export const EXTERNAL_LINKS = {
  signupBot: 'https://t.me/fika_uz_bot?start=signup',
  telegram: 'https://t.me/fika_uz',
  instagram: 'https://www.instagram.com/fika.uz',
  facebook: 'https://www.facebook.com/fika.uz',
  youtube: 'https://www.youtube.com/@fika_uz',
} as const
