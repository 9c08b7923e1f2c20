import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createTransport } from 'nodemailer'

export type MailAttachment = { filename: string; content: string; contentType: string }

/** One rendered mail to one recipient. */
export type OutgoingMail = {
  to: string
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
  /**
   * The mail's Message-ID (`<…@…>`), the same on every attempt to send it (`outboxMessageId`): if a
   * process dies after the server accepted the mail and before the outbox recorded it, the repeat
   * carries the same Message-ID, and mail providers and clients show the two as one message.
   */
  messageId?: string
}

/** How the product sends mail. `send` resolves once the mail is handed over, and throws otherwise. */
export type Mailer = {
  /** 'smtp' or 'files', for the start-up log line. */
  readonly transport: 'smtp' | 'files'
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export type MailerOptions = {
  /** smtp:// or smtps:// with credentials in the URL; unset: .eml files in `outboxDir`. */
  smtpUrl: string | undefined
  outboxDir: string
  from: string
}

/** A send waits this long for the server at each step, so a silent server cannot hold the outbox job. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail is written as a standard
 * RFC 5322 message (CRLF lines, what nodemailer's stream transport produces) to
 * `<outboxDir>/<time>-<random>.eml`, which any mail client opens. File names carry no address.
 * nodemailer's own logger stays off: nothing here logs an address or a body.
 */
export function createMailer({ smtpUrl, outboxDir, from }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Pooled: one connection carries many mails (a busy outbox does not open one per mail); a
    // connection the server drops is replaced on the next send.
    const transport = createTransport(
      { url: smtpUrl, pool: true, maxConnections: 2, maxMessages: 100, ...SMTP_TIMEOUTS, logger: false },
      { from },
    )
    return {
      transport: 'smtp',
      async send(mail) {
        await transport.sendMail(toMessage(mail))
      },
      close: () => transport.close(),
    }
  }
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from })
  return {
    transport: 'files',
    async send(mail) {
      const info = await transport.sendMail(toMessage(mail))
      await mkdir(outboxDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`
      // Written whole under a temporary name, then renamed: a reader never sees half a mail.
      const partial = path.join(outboxDir, `.${name}.part`)
      await writeFile(partial, info.message as Buffer, { flag: 'wx' })
      await rename(partial, path.join(outboxDir, name))
    },
    close: () => transport.close(),
  }
}

function toMessage(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      content: file.content,
      contentType: file.contentType,
    })),
  }
}
