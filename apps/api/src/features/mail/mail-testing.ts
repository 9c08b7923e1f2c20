import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'

/**
 * For tests and benches only (mailparser is a dev dependency): the mails the file transport wrote
 * to `dir`, parsed, oldest first, optionally only those addressed to `to`.
 */
export async function readOutboxMails(dir: string, to?: string): Promise<ParsedMail[]> {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => simpleParser(readFileSync(path.join(dir, name)))),
  )
  return to ? mails.filter((mail) => recipientsOf(mail).includes(to.toLowerCase())) : mails
}

/** The lower-case addresses of a parsed mail's To. */
export function recipientsOf(mail: ParsedMail): string[] {
  const to = mail.to ? (Array.isArray(mail.to) ? mail.to : [mail.to]) : []
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()))
}
