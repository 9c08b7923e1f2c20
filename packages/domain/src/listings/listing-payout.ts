import { ivaSplit } from '../bookings/checkout.ts'
import { averageNightlyPrice, serviceCommissionFor } from '../quotes/pricing.ts'
import { applyBasisPoints, type Centavos } from '../shared/money.ts'

/**
 * What the host is charged on each night's rate, in basis points. Zero today: the guest pays the 12 %
 * service commission on top of the host's rate (quotes/pricing.ts), and nothing is taken from the rate.
 * A host fee would change this constant and the payouts (issue 22), not the guest's price.
 */
export const HOST_FEE_BPS = 0

export type NightSplit = {
  /** The host's nightly rate, IVA included. */
  rate: Centavos
  /** The service commission the guest pays on top ('Tarifa de servicio'), IVA included. */
  serviceCommission: Centavos
  /** What the guest pays for the night: rate + commission, as priceStay totals a one-night stay. */
  guestPays: Centavos
  /** The IVA inside what the guest pays (ivaSplit: × 16/116). */
  guestIva: Centavos
  /** The 'por noche' guests read for that night alone: whole pesos (averageNightlyPrice). */
  guestPricePerNight: Centavos
  /** Taken from the rate (HOST_FEE_BPS). */
  hostFee: Centavos
  /** What the host receives for the night, before any tax the host owes. */
  hostReceives: Centavos
}

/** One night at `rate`: what the guest pays and what the host receives. */
export function splitNightlyRate(rate: Centavos): NightSplit {
  const serviceCommission = serviceCommissionFor(rate)
  const guestPays = rate + serviceCommission
  const hostFee = applyBasisPoints(rate, HOST_FEE_BPS)
  return {
    rate,
    serviceCommission,
    guestPays,
    guestIva: ivaSplit(guestPays).iva,
    guestPricePerNight: averageNightlyPrice(guestPays, 1),
    hostFee,
    hostReceives: rate - hostFee,
  }
}
