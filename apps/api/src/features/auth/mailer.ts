import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

export type Mail = { to: string; subject: string; text: string }

/** How the product sends mail. Only the outbox exists today; an SMTP or API mailer plugs in here. */
export type Mailer = { send(mail: Mail): Promise<void> }

/**
 * The default mailer: each mail becomes a text file in the outbox folder (MAIL_OUTBOX_DIR, by
 * default `<DATA_DIR>/outbox`), named by time, a random part and recipient, for the operator to read or forward.
 */
export function createOutboxMailer(dir: string): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_')
      const body = `Para: ${mail.to}\nAsunto: ${mail.subject}\nFecha: ${new Date().toISOString()}\n\n${mail.text}\n`
      // A random part keeps two mails to one address in the same millisecond apart.
      const unique = randomBytes(3).toString('hex')
      await writeFile(path.join(dir, `${stamp}-${unique}-${safeTo}.txt`), body, { flag: 'wx' })
    },
  }
}
