import { averageNightlyPrice, type QuoteRequest, type QuoteResponse } from '@cabanas/domain/quotes'
import { addDays, nightsBetween } from '@cabanas/domain/shared'

/** The API's quote of a stay: a rate of $1,500 plus $100 a guest each night, and a 12 % service fee. */
export function quoteFor({ habitacionId, checkIn, checkOut, guests }: QuoteRequest): QuoteResponse {
  const nights = nightsBetween(checkIn, checkOut)
  const rate = 150_000 + guests * 10_000
  const lodging = rate * nights
  const commission = Math.round(lodging * 0.12)
  return {
    success: true,
    available: true,
    habitacionId,
    checkIn,
    checkOut,
    guests,
    nights,
    pricing: {
      totalPrice: lodging + commission,
      pricePerNight: averageNightlyPrice(lodging + commission, nights),
      basePrice: lodging,
    },
    precioCalculado: { comisionServicio: commission },
    breakdown: Array.from({ length: nights }, (_, i) => ({ night: addDays(checkIn, i), rate, season: null })),
    currency: 'MXN',
  }
}
