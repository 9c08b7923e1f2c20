import type { Centavos } from '../shared/money.ts'

/**
 * Openpay amounts are JSON numbers in pesos with at most 2 decimals; ours are integer centavos.
 * Both directions go through the decimal text, so no float drift creeps in (123456 ⇄ 1234.56).
 */
export function centavosToPesos(amount: Centavos): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Centavos must be an integer, got ${amount}`)
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  return Number(`${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`)
}

/** Centavos of a peso amount, or null when it is not a finite number with at most 2 decimals. */
export function pesosToCentavos(amount: number): Centavos | null {
  if (!Number.isFinite(amount)) return null
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount))
  if (!match) return null
  const [, sign, whole = '0', fraction = ''] = match
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(value)) return null
  return sign === '-' ? -value : value
}
