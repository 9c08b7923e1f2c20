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

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', maximumFractionDigits: 0 })
const mxnWithCents = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** '$3,450' for whole pesos, '$3,450.50' when there are centavos. */
export function formatMxn(amount: Centavos): string {
  return amount % 100 === 0 ? mxn.format(amount / 100) : mxnWithCents.format(amount / 100)
}
