import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import type { CheckoutSummary } from '@cabanas/domain/bookings'
import { type Cabin, cabinPlace } from '@cabanas/domain/catalog'
import type { QuoteResponse } from '@cabanas/domain/quotes'
import { IMAGE_PLACEHOLDER } from '../../components/ui/image-placeholder'

/** Spec §3 checkout summary of a quoted stay. Fees and taxes other than the commission are 0. */
export function toCheckoutSummary(cabin: Cabin, quote: QuoteResponse): CheckoutSummary {
  return {
    cabinId: cabin._id,
    cabinName: cabin.propertyDetails.name,
    cabinImage: cabin.images[0]?.preview ?? IMAGE_PLACEHOLDER,
    checkIn: quote.checkIn,
    checkOut: quote.checkOut,
    guests: quote.guests,
    nights: quote.nights,
    pricing: {
      basePrice: quote.pricing.basePrice,
      totalPrice: quote.pricing.totalPrice,
      cleaningFee: 0,
      serviceFee: 0,
      comisionServicio: quote.precioCalculado.comisionServicio,
      taxes: 0,
    },
    location: cabinPlace(cabin.location),
    maxOccupancy: cabin.propertyDetails.maxOccupancy,
    amenities: [],
    cancellationPolicy: cabin.cancellationPolicy,
  }
}

/** A copy for the checkout, so that reloading it keeps the stay. */
export function saveCheckoutSummary(summary: CheckoutSummary): void {
  try {
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(summary))
  } catch {
    // Storage full or blocked: the navigation state still carries the summary.
  }
}
