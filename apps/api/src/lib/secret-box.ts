import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets that must wait in the database before they reach their owner (a trip link's access token
 * in a stored charge answer, a token in a queued mail) are kept sealed: AES-256-GCM under a key
 * derived (HKDF-SHA256) from SECRETS_KEY, bound to where they are stored (the `context`, checked as
 * additional data, so a sealed value copied to another row does not open). A sealed value reads
 * `s1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts). Older keys (SECRETS_KEY_PREVIOUS) still
 * open what they sealed, so a key can be rotated without losing queued mails or replays.
 */
export type SecretBox = {
  seal(plain: string, context: string): string
  /** A sealed value's secret; a value written in clear before sealing existed comes back as it is. */
  open(value: string, context: string): string
}

export type SecretKeys = { current: string; previous: string[] }

/** A sealed value that no configured key opens (its key was dropped, or the value was tampered with). */
export class SecretUnreadableError extends Error {
  readonly code = 'SECRET_UNREADABLE'
}

const VERSION = 's1'
const IV_BYTES = 12

type DerivedKey = { id: string; key: Buffer }

function deriveKey(secret: string): DerivedKey {
  const material = Buffer.from(secret, 'utf8')
  const derive = (info: string, length: number) =>
    Buffer.from(hkdfSync('sha256', material, 'cabanas-mx/secret-box', info, length))
  return { id: derive('key-id', 6).toString('base64url'), key: derive('aes-256-gcm v1', 32) }
}

/** Is `value` sealed? Tokens written in clear are base64url, so they never contain a dot. */
export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`)
}

export function createSecretBox({ current, previous }: SecretKeys): SecretBox {
  const sealing = deriveKey(current)
  const opening = new Map([sealing, ...previous.map(deriveKey)].map((k) => [k.id, k.key]))
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', sealing.key, iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'))
      return [VERSION, sealing.id, ...parts].join('.')
    },
    open(value, context) {
      if (!isSealed(value)) return value
      const [, keyId = '', iv = '', body = '', tag = ''] = value.split('.')
      const key = opening.get(keyId)
      if (!key) throw new SecretUnreadableError('sealed with a key that is not configured')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAAD(Buffer.from(context, 'utf8'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        )
      } catch {
        throw new SecretUnreadableError('sealed value does not open with its key')
      }
    },
  }
}

let installed: SecretBox | null = null

/**
 * The process's secret box. buildApp installs it from the configuration before any route or job
 * runs; it is process-wide (like the logger's redaction) because code that queues mail, such as
 * `enqueueMail(tx, job)`, is called deep inside transactions with no app at hand. Every app of one
 * process is built from the same configuration; a later install replaces an earlier one.
 */
export function installSecretBox(box: SecretBox): void {
  installed = box
}

export function secretBox(): SecretBox {
  if (!installed) throw new Error('secret box not installed: buildApp installs it from SECRETS_KEY')
  return installed
}
