import { CANCELLATION_POLICIES } from '../catalog/cancellation-policy.ts'
import { averageNightlyPrice } from '../quotes/pricing.ts'
import { z } from '../shared/zod.ts'

const centavos = z.number().int().nonnegative()

/**
 * Spec §3 checkout summary: what the cabin page hands to /checkout (navigation state, with a copy
 * in session storage under CHECKOUT_STORAGE_KEY of @cabanas/contracts so a reload keeps it). Money in centavos.
 */
export const CheckoutSummarySchema = z.object({
  cabinId: z.string(),
  cabinName: z.string(),
  /** First image (card size) or a placeholder. */
  cabinImage: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int().positive(),
  nights: z.number().int().positive(),
  pricing: z.object({
    basePrice: centavos,
    totalPrice: centavos,
    cleaningFee: centavos,
    serviceFee: centavos,
    comisionServicio: centavos,
    taxes: centavos,
  }),
  /** 'población, estado' */
  location: z.string(),
  maxOccupancy: z.number().int().positive(),
  amenities: z.array(z.string()),
  /** The cabin's policy, for the checkout's notice; absent (older copies) reads as non_refundable. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES).optional(),
})
export type CheckoutSummary = z.infer<typeof CheckoutSummarySchema>

/** Spec §3 guest info. */
export type GuestInfo = {
  firstName: string
  lastName: string
  email: string
  phone: string
  specialRequests: string
}

/**
 * What /confirmation receives (navigation state): a paid reservation (spec §3 confirmation state)
 * or a request to book that waits for the host — never shown as paid.
 */
export const ConfirmationStateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reservation'),
    bookingData: CheckoutSummarySchema,
    guestInfo: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      specialRequests: z.string(),
    }),
    paymentDetails: z.object({ id: z.string() }),
    reservationId: z.string(),
    totalAmount: centavos,
    /** Opens the reservation without an account (X-Reservation-Token). */
    accessToken: z.string().optional(),
  }),
  z.object({
    kind: z.literal('request'),
    requestId: z.string(),
    cabinId: z.string(),
    cabinName: z.string(),
    cabinImage: z.string(),
    location: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    nights: z.number().int(),
    guests: z.number().int(),
    totalPrice: centavos,
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
])
export type ConfirmationState = z.infer<typeof ConfirmationStateSchema>

/** IVA in Mexico: 16 % on the price before tax. */
export const IVA_RATE_PERCENT = 16

/**
 * Spec §2 order summary: the nightly line is (total − commission) / nights, rounded to whole pesos
 * like every nightly figure the guest reads (the spec's original worked in pesos).
 */
export function nightlyLine(
  pricing: { totalPrice: number; comisionServicio: number },
  nights: number,
): number {
  return averageNightlyPrice(pricing.totalPrice - pricing.comisionServicio, nights)
}

/**
 * The spec's 'Subtotal' and 'IVA (16%)' lines of a total that includes IVA: the IVA inside it is
 * total × 16 / 116 rounded to the centavo, and the subtotal is the rest (so the two add up to the
 * total). Not the spec's 84 % / 16 % of the total, which overstates the tax (see docs/decisions.md).
 */
export function ivaSplit(totalPrice: number): { subtotal: number; iva: number } {
  const iva = Math.round((totalPrice * IVA_RATE_PERCENT) / (100 + IVA_RATE_PERCENT))
  return { subtotal: totalPrice - iva, iva }
}
