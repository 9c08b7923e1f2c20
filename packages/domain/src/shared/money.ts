/** Money is always an integer number of centavos (1 MXN = 100 centavos). */
export type Centavos = number

export function centavos(amount: number): Centavos {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Centavos must be an integer, got ${amount}`)
  return amount
}

/** Multiplies an amount by a rate expressed in basis points (1 % = 100 bps), rounding half up. */
export function applyBasisPoints(amount: Centavos, basisPoints: number): Centavos {
  return Math.round((amount * basisPoints) / 10_000)
}

/**
 * '$3,450' for whole pesos, '$3,450.50' when there are centavos, '-$120' below zero: what
 * `Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })` prints (money.test.ts compares
 * the two), written by hand. Building that formatter costs a browser ~10 ms of ICU data on a phone's
 * first view, in the middle of hydration, and the server and every browser print the same characters.
 */
export function formatMxn(amount: Centavos): string {
  const whole = Math.round(amount)
  const sign = whole < 0 ? '-' : ''
  const pesos = Math.floor(Math.abs(whole) / 100)
  const cents = Math.abs(whole) % 100
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}$${grouped}${cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`}`
}
