import type { ParsedMail } from 'mailparser'
import { readOutboxMails } from '../apps/api/src/features/mail/mail-testing.ts'
import { baseUrl, outboxDir } from './fixtures.ts'

/**
 * Waits for a mail to `to` whose subject matches, as a guest would refresh their inbox. The server
 * sends its outbox every 5 s; a mail queued by queued work takes two rounds.
 */
export async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  for (let i = 0; i < 240; i++) {
    const mail = (await readOutboxMails(outboxDir(), to)).find((m) => subject.test(m.subject ?? ''))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no mail "${subject}" to ${to}`)
}

/** The link a mail (its plain text) gives under `label` ('Ver la reserva:' then the address). */
export function labelledLink(mail: ParsedMail, label: string): string {
  const link = new RegExp(`${label}:\\s+(\\S+)`).exec(mail.text ?? '')?.[1]
  if (!link?.startsWith(baseUrl())) throw new Error(`no "${label}" link to our site in "${mail.subject}"`)
  return link
}
