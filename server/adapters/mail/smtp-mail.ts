import { createTransport } from 'nodemailer'
import { MailDeliveryError, type MailSender } from './mail-sender.ts'

type SmtpError = Error & { code?: string; command?: string; responseCode?: number }

/** What a failed send means for the address and for another try (see MailDeliveryError). */
function outcomeOf(error: SmtpError): 'bounce' | 'permanent' | 'temporary' {
  const code = error.responseCode
  if (code === undefined || code < 500) return 'temporary'
  return error.command === 'RCPT TO' ? 'bounce' : 'permanent'
}

/**
 * Mail through an SMTP server named by `SMTP_URL` as nodemailer reads it: `smtps://user:pass@smtp.example.com`,
 * `smtp://localhost:25`, with options in the query (`?pool=true`, `?ignoreTLS=true`).
 */
export function createSmtpMail(options: { url: string; from: string }): MailSender & { close: () => void } {
  const transport = createTransport(options.url, { from: options.from })
  return {
    name: 'smtp',
    async send({ to, subject, text, html, headers, envelopeFrom }) {
      try {
        await transport.sendMail({
          to,
          subject,
          text,
          html,
          headers,
          ...(envelopeFrom && { envelope: { from: envelopeFrom, to } }),
        })
      } catch (error) {
        // NOTE: the server's reply may repeat the address, so neither it nor the error goes into ours (the log).
        const failed = error as SmtpError
        throw new MailDeliveryError(
          `SMTP send failed: ${failed.code ?? 'error'} ${failed.responseCode ?? ''}`,
          {
            outcome: outcomeOf(failed),
            responseCode: failed.responseCode,
          },
        )
      }
    },
    close: () => transport.close(),
  }
}
