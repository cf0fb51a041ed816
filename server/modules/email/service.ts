// The rules of e-mail as a notification channel (docs/decisions/027-email.md): verification links, sends as
// durable jobs, bounces that switch an address off, and one-click unsubscribe.
import { EMAIL_LINK_TTL_H, EMAIL_RESEND_COOLDOWN_S, EMAIL_VERIFY_PATH } from '#contract/email-endpoints.ts'
import type { NotificationKind } from '#contract/schemas/notifications.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import type { JobContext, JobQueue } from '#server/adapters/jobs/job-queue.ts'
import { MailDeliveryError, type MailMessage, type MailSender } from '#server/adapters/mail/mail-sender.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, rateLimited } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { randomToken, sha256 } from '#server/lib/secrets.ts'
import type { EmailDelivery } from '#server/modules/notifications/ports.ts'
import { notificationText } from '#server/modules/notifications/texts.ts'
import { notificationMail, verificationMail } from './mail-texts.ts'
import type { EmailRepository } from './repository.ts'
import { bounceRecipientOf, createBounceAddresses, readDeliveryStatus } from './bounce-addresses.ts'
import { createUnsubscribeLinks } from './unsubscribe-links.ts'

export const EMAIL_SEND_JOB = 'email.send'

/** A mail waiting in the queue: who it is for (a bounce switches that person's address off), and the mail. */
export type EmailSend = MailMessage & { userId: number }

type Deps = {
  repo: EmailRepository
  jobs: JobQueue
  /** Undefined: e-mail is off (production without SMTP_URL). */
  sender: MailSender | undefined
  clock: Clock
  /** The site's own address: the links in a mail are absolute. */
  appUrl: string
  /** The server's secret; the unsubscribe links' signatures are made with a key derived from it. */
  secret: string
  /** The person's profile as it is now (the answer to "send the link again"). */
  profileOf: (userId: number) => Promise<Profile>
  /** The person's profile changed (verified, bounced): the cached copy of it is dropped. */
  forgetUser: (userId: number) => Promise<void>
  /** MAIL_BOUNCES_TO: the envelope senders later bounces come back to. */
  bouncesTo?: string | undefined
}

/** A notification as a mail, with its one-click unsubscribe (RFC 8058) for that kind. */
function notificationWithUnsubscribe(
  { userId, to, kind, title, message, link, locale }: Parameters<EmailDelivery['sendMany']>[0][number],
  appUrl: string,
  unsubscribeLinks: ReturnType<typeof createUnsubscribeLinks>,
): MailMessage {
  const unsubscribe = unsubscribeLinks.url(userId, kind, locale)
  const mail = notificationMail({ title, message, link: `${appUrl}${link}`, unsubscribe }, locale)
  return {
    to,
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * The queue every mail goes through as a durable job (`email.send`): notifications with their unsubscribe link, and
 * the outcome of each send.
 */
function createMailQueue(
  { repo, jobs, sender, clock, appUrl, forgetUser }: Deps,
  sendOf: (userId: number, mail: MailMessage) => EmailSend,
  unsubscribeLinks: ReturnType<typeof createUnsubscribeLinks>,
): EmailDelivery {
  /** One queued mail: sent; a bounce switches the address off; a refusal for good is given up, not tried again. */
  async function deliver(send: EmailSend, job: JobContext) {
    if (!sender) return
    const { userId, ...mail } = send
    try {
      await sender.send(mail)
    } catch (error) {
      if (!(error instanceof MailDeliveryError) || error.outcome === 'temporary') throw error
      if (error.outcome === 'bounce') {
        if (await repo.markBounced(userId, mail.to, clock.now())) await forgetUser(userId)
        job.log.warn(
          { userId, responseCode: error.responseCode },
          'mail bounced, the address is switched off',
        )
        return
      }
      job.log.warn({ userId, responseCode: error.responseCode }, 'mail refused for good, not tried again')
      await jobs.bury(EMAIL_SEND_JOB, { userId }, `refused ${error.responseCode ?? ''}`)
    }
  }

  jobs.define<EmailSend>(
    EMAIL_SEND_JOB,
    { retryLimit: 5, retryDelayS: 30, expireInS: 120, pollS: 2, concurrency: 4 },
    deliver,
  )

  return {
    async sendMany(mails) {
      if (!sender || mails.length === 0) return
      await jobs.sendMany<EmailSend>(
        EMAIL_SEND_JOB,
        mails.map((mail) => sendOf(mail.userId, notificationWithUnsubscribe(mail, appUrl, unsubscribeLinks))),
      )
    },
  }
}

export function createEmailService(deps: Deps) {
  const { repo, jobs, sender, clock, appUrl, forgetUser } = deps
  const unsubscribeLinks = createUnsubscribeLinks(deps.secret, appUrl)
  const bounceAddresses = createBounceAddresses(deps.secret, deps.bouncesTo)
  /** A mail for a person, with the envelope sender a later bounce names them by. */
  const sendOf = (userId: number, mail: MailMessage): EmailSend => {
    const envelopeFrom = bounceAddresses.envelopeFor(userId)
    return { userId, ...mail, ...(envelopeFrom && { envelopeFrom }) }
  }

  /** Mails a new link when the wait since the last one is over; answers false when it is not. */
  async function mailLink(userId: number, locale: Locale) {
    if (!sender) throw new AppError('conflict', 'email_unavailable')
    const now = clock.now()
    const email = await repo.reserveLink(userId, now, addSeconds(now, -EMAIL_RESEND_COOLDOWN_S))
    if (email === undefined) return false
    const token = randomToken()
    await repo.replaceToken({
      tokenHash: sha256(token),
      userId,
      email,
      createdAt: now,
      expiresAt: addSeconds(now, EMAIL_LINK_TTL_H * 3600),
    })
    const link = `${appUrl}${EMAIL_VERIFY_PATH}?t=${token}&lang=${locale}`
    await jobs.send<EmailSend>(
      EMAIL_SEND_JOB,
      sendOf(userId, { to: email, ...verificationMail(link, locale) }),
    )
    return true
  }

  const delivery = createMailQueue(deps, sendOf, unsubscribeLinks)

  return {
    delivery,

    /** A person saved a new address: a link goes to it, unless one went out within the last minute. */
    async addressChanged(user: UserRow, locale: Locale) {
      if (sender) await mailLink(user.id, locale)
    },

    /** "Send the link again": once a minute, to the address the profile has now. */
    async sendLinkAgain(caller: UserRow, locale: Locale) {
      if (!caller.email)
        throw new AppError('validation', 'email_not_set', { fields: { email: ['email_not_set'] } })
      if (await mailLink(caller.id, locale)) return deps.profileOf(caller.id)
      const since = caller.emailLinkSentAt ?? clock.now()
      const waited = (clock.now().getTime() - since.getTime()) / 1000
      throw rateLimited('email_resend_too_soon', EMAIL_RESEND_COOLDOWN_S - waited)
    },

    /** Follows a verification link; refuses one that is unknown, used, expired or for an address since changed. */
    async verify(token: string) {
      const userId = await repo.verify(sha256(token), clock.now())
      if (userId === undefined) throw new AppError('validation', 'email_link_invalid')
      await forgetUser(userId)
    },

    /** The unsubscribe page's question: which kind a link stops, or undefined for a link that does not hold. */
    unsubscribeKind: (token: string) => unsubscribeLinks.read(token)?.kind,

    /** One-click unsubscribe: that kind's e-mail switch off, without a login (the link's signature proves it). */
    async unsubscribe(token: string) {
      const target = unsubscribeLinks.read(token)
      if (!target || !(await repo.switchOff(target.userId, target.kind, clock.now()))) return undefined
      return target.kind
    },

    /** A kind's title in a language (the unsubscribe page names what it stops). */
    kindTitle: (kind: NotificationKind, locale: Locale) => notificationText(kind, {}, locale).title,

    deleteExpired: async () => ({ email_links: await repo.deleteExpired(clock.now()) }),

    /**
     * A bounce that came back as mail: when it is addressed to one of our envelope senders and says the recipient
     * failed for good, that person's address (if it is still the one that failed) is switched off. Answers whether it
     * was.
     */
    async bounced(raw: string) {
      const to = bounceRecipientOf(raw)
      const userId = to === undefined ? undefined : bounceAddresses.userOf(to)
      const status = readDeliveryStatus(raw)
      if (userId === undefined || !status?.permanent) return false
      if (!(await repo.markBounced(userId, status.recipient, clock.now()))) return false
      await forgetUser(userId)
      return true
    },
  }
}
export type EmailService = ReturnType<typeof createEmailService>
