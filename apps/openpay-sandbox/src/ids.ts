import { randomBytes, randomInt } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** Openpay-looking ids: 20 chars of [a-z0-9] after their prefix letter(s) ('tr…' charges, 'k…' tokens). */
export function sandboxId(prefix: string, length = 20): string {
  const bytes = randomBytes(length - prefix.length)
  let id = prefix
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length]
  return id
}

/** A 6-digit bank authorization code. */
export function sandboxAuthorization(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}
