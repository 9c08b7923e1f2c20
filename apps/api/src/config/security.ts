import { z } from 'zod'
import { emptyToUndefined } from './env-field.ts'

/** Signing sessions, sealing the secrets that wait in the database, and who is an operator. */
export const SecurityEnvSchema = z.object({
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  ),
  SECRETS_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'SECRETS_KEY debe tener al menos 32 caracteres').optional(),
  ),
  SECRETS_KEY_PREVIOUS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (keys) => keys.split(',').every((key) => key.trim().length >= 32),
        'SECRETS_KEY_PREVIOUS debe ser una lista de llaves anteriores separadas por comas, de al menos 32 caracteres cada una',
      )
      .optional(),
  ),
  OPERATOR_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => parseOperatorEmails(value) !== null,
        'OPERATOR_EMAILS debe ser una lista de correos separados por comas, p. ej. ana@cabanas.mx,beto@cabanas.mx',
      )
      .optional(),
  ),
})

/** SECRETS_KEY outside production when unset: the same in every process, so any of them opens a seal. */
const DEVELOPMENT_SECRETS_KEY = 'cabanas-mx development secrets key: never used in production'

/** SECRETS_KEY, or the development key when unset, and the earlier keys of SECRETS_KEY_PREVIOUS. */
export function secretsKeys(e: z.infer<typeof SecurityEnvSchema>): { current: string; previous: string[] } {
  return {
    current: e.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY,
    previous: (e.SECRETS_KEY_PREVIOUS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
  }
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/

/** OPERATOR_EMAILS as a list of lower-case addresses; null when an item is not an e-mail. */
export function parseOperatorEmails(value: string): string[] | null {
  const items = value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
  if (items.length === 0 || items.some((item) => item.length > 254 || !EMAIL.test(item))) return null
  return [...new Set(items)]
}
