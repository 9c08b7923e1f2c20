import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { recipientsOf } from '../../src/features/mail/mail-testing.ts'

/** One mail the SMTP server accepted (250 after DATA). Addresses stay in memory, never printed. */
export type DeliveredMail = { to: string[]; subject: string; messageId: string; ids: string[] }

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/**
 * A local SMTP server (loopback only) that records every mail it accepts, and that the soak can take
 * down for a while: `down()` closes the port (new connections are refused, open ones are cut), and
 * `up()` listens again on the same port.
 */
export class SmtpSink {
  readonly delivered: DeliveredMail[] = []
  private server: SMTPServer | null = null

  constructor(readonly port: number) {}

  get isUp() {
    return this.server !== null
  }

  async up(): Promise<void> {
    if (this.server) return
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.delivered.push(describe(mail))
            callback()
          })
          .catch((error: Error) => callback(error))
      },
    })
    server.on('error', () => {})
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  async down(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = null
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function describe(mail: ParsedMail): DeliveredMail {
  const text = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`
  return {
    to: recipientsOf(mail),
    subject: mail.subject ?? '',
    messageId: mail.messageId ?? '',
    ids: [...new Set(text.match(UUID) ?? [])],
  }
}
