// What the email area writes (docs/decisions/027-email.md): the verification mail, a notification's mail and the
// unsubscribe page, in the reader's language (server/locales/{locale}.po). What a person wrote (an order's name)
// arrives inside the notification's sentence and is escaped wherever it goes into HTML.
import { EMAIL_LINK_TTL_H } from '#contract/email-endpoints.ts'
import { serverText, type ServerMessage } from '#server/i18n/catalog.ts'
import { HREFLANG, type Locale } from '#server/i18n/locale.ts'

const TEXTS = {
  verifySubject: /*i18n*/ { id: 'email.verify.subject', message: 'Confirm your e-mail address for Fika' },
  verifyBody: /*i18n*/ {
    id: 'email.verify.body',
    message:
      'To get Fika notifications at this address, confirm it. The link works for {hours} hours and only once.',
  },
  verifyButton: /*i18n*/ { id: 'email.verify.button', message: 'Confirm the address' },
  verifyIgnore: /*i18n*/ {
    id: 'email.verify.ignore',
    message: 'If you did not enter this address on Fika, ignore this mail: nothing will be sent to it.',
  },
  open: /*i18n*/ { id: 'email.open', message: 'Open in Fika' },
  why: /*i18n*/ {
    id: 'email.why',
    message: 'You get this mail because e-mail notifications are on in your Fika settings.',
  },
  stop: /*i18n*/ { id: 'email.stop', message: 'Stop mails of this kind' },
  pageTitle: /*i18n*/ { id: 'email.unsubscribe.title', message: 'Unsubscribe' },
  pageAsk: /*i18n*/ {
    id: 'email.unsubscribe.ask',
    message: 'Stop e-mails of the kind “{kind}”? Your other notifications stay as they are.',
  },
  pageButton: /*i18n*/ { id: 'email.unsubscribe.button', message: 'Unsubscribe' },
  pageDone: /*i18n*/ {
    id: 'email.unsubscribe.done',
    message:
      'Done: no more e-mails of the kind “{kind}”. You can switch them on again in Profile → Settings → Notifications.',
  },
  pageInvalid: /*i18n*/ {
    id: 'email.unsubscribe.invalid',
    message: 'This link does not work. You can switch mails off in Profile → Settings → Notifications.',
  },
} as const satisfies Record<string, ServerMessage>

/** Text as HTML shows it: every character that could open markup or leave an attribute becomes an entity. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (place, key: string) => String(values[key] ?? place))

const text = (key: keyof typeof TEXTS, locale: Locale, values: Record<string, string | number> = {}) =>
  fill(serverText(TEXTS[key], locale), values)

const BUTTON_STYLE =
  'display:inline-block;padding:12px 20px;border-radius:12px;background:#0b6e4f;color:#ffffff;font-weight:600;text-decoration:none'

/** A short mail's HTML: inline styles only (mail clients drop style sheets), readable on a 360 px screen. */
function layout(locale: Locale, title: string, body: string) {
  return `<!doctype html>
<html lang="${HREFLANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f2f6f4">
<div style="max-width:32rem;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:#1b1f23">
<h1 style="font-size:20px;line-height:1.3;margin:0 0 12px">${escapeHtml(title)}</h1>
${body}
</div></body></html>`
}

const paragraph = (content: string, style = '') =>
  `<p style="margin:0 0 16px;overflow-wrap:anywhere${style}">${content}</p>`
const button = (href: string, label: string) =>
  paragraph(`<a href="${escapeHtml(href)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a>`)

/** The mail with the link that verifies an address. */
export function verificationMail(link: string, locale: Locale) {
  const subject = text('verifySubject', locale)
  const body = text('verifyBody', locale, { hours: EMAIL_LINK_TTL_H })
  const ignore = text('verifyIgnore', locale)
  return {
    subject,
    text: `${body}\n\n${link}\n\n${ignore}\n`,
    html: layout(
      locale,
      subject,
      [
        paragraph(escapeHtml(body)),
        button(link, text('verifyButton', locale)),
        paragraph(escapeHtml(link), ';font-size:13px;color:#4a5560'),
        paragraph(escapeHtml(ignore), ';font-size:13px;color:#4a5560'),
      ].join('\n'),
    ),
  }
}

/** A notification's mail: its title as the subject, its sentence, the link into the app, and how to stop them. */
export function notificationMail(
  notification: { title: string; message: string; link: string; unsubscribe: string },
  locale: Locale,
) {
  const { title, message, link, unsubscribe } = notification
  const why = text('why', locale)
  const stop = text('stop', locale)
  return {
    subject: title,
    text: `${message}\n\n${text('open', locale)}: ${link}\n\n--\n${why}\n${stop}: ${unsubscribe}\n`,
    html: layout(
      locale,
      title,
      [
        paragraph(escapeHtml(message)),
        button(link, text('open', locale)),
        `<hr style="border:0;border-top:1px solid #d5dbe0;margin:24px 0 12px">`,
        paragraph(
          `${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}" style="color:#08573e">${escapeHtml(stop)}</a>`,
          ';font-size:13px;color:#4a5560',
        ),
      ].join('\n'),
    ),
  }
}

/** The unsubscribe page's only style: its hash is the page's content security policy (routes.ts). */
export const UNSUBSCRIBE_PAGE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;line-height:1.5;color:#1b1f23;background:#f2f6f4}
main{max-width:32rem;margin:0 auto;padding:24px 16px}
h1{font-size:1.25rem;line-height:1.3;margin:0 0 12px}
p{margin:0 0 16px;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;min-height:44px;padding:8px 16px;border-radius:12px;border:2px solid #0b6e4f;background:#0b6e4f;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`

/**
 * The unsubscribe link's page: `ask` has a button that posts to the same address (a GET never unsubscribes: mail
 * scanners follow links), `done` after it, `invalid` for a link whose signature does not hold.
 */
export function unsubscribePage(
  state: { step: 'ask' | 'done'; kindTitle: string; action: string } | { step: 'invalid' },
  locale: Locale,
) {
  const title = text('pageTitle', locale)
  const content =
    state.step === 'invalid'
      ? `<p>${escapeHtml(text('pageInvalid', locale))}</p>`
      : state.step === 'done'
        ? `<p role="status">${escapeHtml(text('pageDone', locale, { kind: state.kindTitle }))}</p>`
        : `<p>${escapeHtml(text('pageAsk', locale, { kind: state.kindTitle }))}</p>
<form method="post" action="${escapeHtml(state.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(text('pageButton', locale))}</button></form>`
  return `<!doctype html>
<html lang="${HREFLANG[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${UNSUBSCRIBE_PAGE_STYLE}</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${content}
</main></body></html>
`
}
