import { hash, verify } from '@node-rs/argon2'

/** argon2id with OWASP's minimum: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Verifying against this keeps a login for an unknown email as slow as a wrong password. */
let decoy: Promise<string> | null = null
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-that-matches-nothing')
  return decoy
}
