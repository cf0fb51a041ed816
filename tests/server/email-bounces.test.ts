import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { EMAIL_BOUNCES_PATH } from '#contract/email-endpoints.ts'
import { verifiedAddress } from '#tests/helpers/email.ts'
import { startFakeSmtp } from '#tests/helpers/fake-smtp.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { fakeRealtime } from '#tests/helpers/notifications.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const smtp = await startFakeSmtp()
afterAll(() => smtp.close())
const SECRET = 'the-inbound-route-secret-0123456789abcdef'
const t = useTestApp({
  config: {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Fika <no-reply@fika.test>',
    MAIL_BOUNCES_TO: 'bounces@fika.test',
    MAIL_BOUNCE_SECRET: SECRET,
  },
  deps: { realtimeHub: fakeRealtime().hub },
})
beforeEach(() => smtp.reset())

/** A delivery status notification (RFC 3464) as a mail server sends one back to a mail's envelope sender. */
const dsn = (to: string, recipient: string, status = '5.1.1', action = 'failed') =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.uz>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'This is the mail system. Your message could not be delivered.',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.uz',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    'Diagnostic-Code: smtp; 550 5.1.1 user unknown',
    '--b1--',
    '',
  ].join('\r\n')

const postBounce = (body: string, secret = SECRET) =>
  t.inject({
    method: 'POST',
    url: EMAIL_BOUNCES_PATH,
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` },
    payload: body,
  })

const emailStatus = async (caller: Caller) =>
  (await send(t, 'GET', '/profile', caller)).json<{ email_status: string; email_notifications: boolean }>()

/** A person with a verified address, and the envelope sender their mails carry. */
async function personWithAddress() {
  const person = await user(t, 'executor')
  const address = await verifiedAddress(t, smtp, person)
  // Any mail to them shows it: a new link, once the minute between two has passed.
  t.clock.advance(61)
  expect((await send(t, 'POST', '/profile/email/verification', person)).statusCode).toBe(200)
  await jobsSettled(t.db)
  const [mail] = smtp.to(address)
  return { person, address, envelope: mail!.envelopeFrom }
}

describe('bounces that come back as mail', () => {
  it('name their person in each mail’s envelope sender, signed, apart from the From address', async () => {
    const { person, envelope } = await personWithAddress()
    expect(envelope).toMatch(new RegExp(`^bounces\\+u${person.id}\\.[0-9a-f]{20}@fika\\.test$`))
  })

  it('switch the address off when the bounce is for good, and not for a delay', async () => {
    const { person, address, envelope } = await personWithAddress()
    expect((await postBounce(dsn(envelope, address, '4.4.7', 'delayed'))).statusCode).toBe(204)
    expect(await emailStatus(person)).toMatchObject({ email_status: 'verified', email_notifications: true })
    expect((await postBounce(dsn(envelope, address.toUpperCase()))).statusCode).toBe(204)
    expect(await emailStatus(person)).toMatchObject({ email_status: 'bounced', email_notifications: false })
  })

  it('change nothing for a forged or another person’s envelope, an old address, or without the secret', async () => {
    const { person, address, envelope } = await personWithAddress()
    const other = await personWithAddress()
    const forged = envelope.replace(/\.[0-9a-f]{20}@/, '.0123456789abcdef0123@')
    expect((await postBounce(dsn(forged, address))).statusCode).toBe(204)
    // Another person's envelope names them, not the address in the report: their own address did not fail.
    expect((await postBounce(dsn(other.envelope, address))).statusCode).toBe(204)
    expect((await postBounce(dsn(envelope, 'an-old-address@example.uz'))).statusCode).toBe(204)
    expect((await postBounce(dsn(envelope, address), 'not-the-secret-0123456789abcdef0123')).statusCode).toBe(
      401,
    )
    expect(await emailStatus(person)).toMatchObject({ email_status: 'verified' })
    expect(await emailStatus(other.person)).toMatchObject({ email_status: 'verified' })
  })
})
