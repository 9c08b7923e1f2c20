import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { recipientsOf } from '../../../apps/api/src/features/mail/mail-testing.ts'

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
  private readonly parsing = new Set<Promise<void>>()
  private server: SMTPServer | null = null

  /** Waits until every accepted mail is parsed into `delivered`. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.parsing])
  }

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
      // The mail is accepted (250) as soon as its bytes are in, and parsed afterwards: the sink's own
      // parsing must not slow the product's outbox it measures.
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('error', (error: Error) => callback(error))
        stream.on('end', () => {
          callback()
          const parsed = simpleParser(Buffer.concat(chunks)).then((mail) => {
            this.delivered.push(describe(mail))
          })
          this.parsing.add(parsed)
          void parsed.finally(() => this.parsing.delete(parsed))
        })
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
