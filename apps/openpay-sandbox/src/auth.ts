import type { FastifyRequest } from 'fastify'
import { sandboxError } from './errors.ts'
import { sandboxId } from './ids.ts'

/** The merchant account the sandbox serves: its id and its two API keys. */
export type SandboxAccount = { merchantId: string; privateKey: string; publicKey: string }

/** A new merchant account, as signing up at Openpay gives one: the host keeps it and passes it back. */
export function newSandboxAccount(): SandboxAccount {
  return { merchantId: sandboxId('m'), privateKey: sandboxId('sk_', 35), publicKey: sandboxId('pk_', 35) }
}

/** The API key of an `Authorization: Basic base64(key:)` header, or null. */
export function basicAuthKey(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!match?.[1]) return null
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon > 0 ? decoded.slice(0, colon) : null
}

/**
 * Openpay's key rules (reference §1): the merchant id in the path must be the sandbox merchant and the
 * key one of its two keys (else 401/1002); the public key only opens `public` endpoints (else 403/1010).
 */
export function authenticateSandbox(
  request: FastifyRequest,
  openpay: SandboxAccount,
  merchantId: string,
  access: 'private' | 'public',
): void {
  const key = basicAuthKey(request.headers.authorization)
  if (merchantId !== openpay.merchantId || !key) throw sandboxError(1002)
  if (key === openpay.privateKey) return
  if (key !== openpay.publicKey) throw sandboxError(1002)
  if (access === 'private') throw sandboxError(1010)
}
