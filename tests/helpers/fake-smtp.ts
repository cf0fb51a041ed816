import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { freePort } from './free-port.ts'

/** A mail the fake server took: its envelope's recipient and the parsed message. */
export type TakenMail = {
  to: string
  /** The envelope's sender (MAIL FROM): where a later bounce goes. */
  envelopeFrom: string
  subject: string
  text: string
  html: string
  /** Each header as written (lower-case names, folded lines joined). */
  headers: Record<string, string>
}

/**
 * A real SMTP server on this machine (`smtp-server`), for the app's nodemailer sender: it takes mail without a login
 * and keeps each one parsed (`mailparser`), and refuses the recipients a test names with `550` to RCPT TO, as a
 * mail server refuses an address that does not exist (a bounce). `tempFail` answers 451 instead: try later.
 */
export async function startFakeSmtp() {
  const mails: TakenMail[] = []
  const rejected = new Set<string>()
  const deferred = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase()
      if (rejected.has(to)) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }))
      if (deferred.has(to))
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          for (const recipient of session.envelope.rcptTo)
            mails.push({
              to: recipient.address.toLowerCase(),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: Object.fromEntries(
                parsed.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(':') + 1)
                    .replace(/\r?\n\s+/g, ' ')
                    .trim(),
                ]),
              ),
            })
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The mails taken for an address, oldest first. */
    to: (address: string) => mails.filter((mail) => mail.to === address.toLowerCase()),
    reject: (address: string) => rejected.add(address.toLowerCase()),
    tempFail: (address: string) => deferred.add(address.toLowerCase()),
    reset() {
      mails.length = 0
      rejected.clear()
      deferred.clear()
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
