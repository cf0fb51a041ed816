/** Where a profile link can be shared (spec sections 1 and 2: social networks, messengers and a mail service). */
export const SHARE_TARGETS = ['telegram', 'whatsapp', 'facebook', 'x', 'vk', 'ok', 'email'] as const
export type ShareTarget = (typeof SHARE_TARGETS)[number]

/** Their own names: brands are not translated (e-mail's name is, in the dialog). */
/* eslint-disable lingui/no-unlocalized-strings -- brand names */
export const TARGET_NAMES: Record<ShareTarget, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  x: 'X',
  vk: 'VK',
  ok: 'Odnoklassniki',
  email: 'E-mail',
}
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * Each service's documented "share a link" address: the link itself, and a line of text where the service takes
 * one (Facebook reads the title and picture from the page's Open Graph tags instead).
 */
export function shareAddress(target: ShareTarget, url: string, text: string): string {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(text)
  switch (target) {
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`
    case 'x':
      return `https://x.com/intent/tweet?url=${u}&text=${t}`
    case 'vk':
      return `https://vk.com/share.php?url=${u}&title=${t}`
    case 'ok':
      return `https://connect.ok.ru/offer?url=${u}&title=${t}`
    case 'email':
      return `mailto:?subject=${t}&body=${encodeURIComponent(`${text}\n${url}`)}`
  }
}
