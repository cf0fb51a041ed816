/**
 * A URL as the log writes it (docs/decisions/027-email.md): a mailed link's token (`?t=` of `/api/email/verify` and
 * `/api/email/unsubscribe`) masked, since whoever reads it can use the link, and an e-mail address (the dev
 * mailbox's `?to=`) masked, since it is personal. A private calendar feed's token (`/api/calendar/{token}.ics`,
 * docs/decisions/031-workday.md) is masked too: it opens a specialist's jobs.
 */
export const maskMailDataIn = (url: string) =>
  url
    .replace(/([?&]t=)[^&#]*/g, '$1…')
    .replace(/[^/?&=#]+(@|%40)[^/?&=#]+/gi, '…@…')
    .replace(/(\/api\/calendar\/)[^/?#]+/g, '$1…')
