import { ivaSplit } from '../bookings/checkout.ts'
import { CANCELLATION_POLICIES } from '../catalog/cancellation-policy.ts'
import { averageNightlyPrice } from '../quotes/pricing.ts'
import { type Centavos, formatMxn } from '../shared/money.ts'
import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { CancellationTermsSchema } from './cancellation-terms.ts'

/** Where guests write about a stay (trip page, mails). */
export const SUPPORT_EMAIL = 'soporte@cabanas.mx'

/** Spec §3 reservation, as Mis Reservas and the bookings API show it. Money in centavos. */
export const ReservationViewSchema = z.object({
  _id: z.string(),
  /** The cabin's id. */
  resourceId: z.string(),
  resourceName: z.string(),
  location: z.string(),
  /** Relative image path of the cabin's cover (the web prefixes the app's origin). */
  chaletImage: z.string().nullable(),
  status: z.string(),
  paymentStatus: z.string(),
  arrivalDate: z.string(),
  departureDate: z.string(),
  pax: z.number().int(),
  nNights: z.number().int(),
  maxOccupation: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  balanceDue: z.number().int(),
  /** The reservation's trip page (`publicPaths.trip` of @cabanas/contracts), relative to the site. */
  url: z.string().optional(),
  guest: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    specialRequests: z.string(),
  }),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
})
export type ReservationView = z.infer<typeof ReservationViewSchema>

export const ReservationResponseSchema = z.object({ success: z.literal(true), data: ReservationViewSchema })

const centavos = z.number().int().nonnegative()

/**
 * The price of a stay as the trip page breaks it down: lodging and the service commission, which add
 * up to the total; inside the total, IVA included, its subtotal and IVA; and the one nightly price
 * every surface shows for a stay (the total's average per night, whole pesos).
 */
export const ReservationPricingSchema = z.object({
  nights: z.number().int().positive(),
  nightlyPrice: centavos,
  serviceCommission: centavos,
  subtotal: centavos,
  iva: centavos,
  total: centavos,
})
export type ReservationPricing = z.infer<typeof ReservationPricingSchema>

export function reservationPricing({
  totalPrice,
  serviceCommission,
  nights,
}: {
  totalPrice: Centavos
  serviceCommission: Centavos
  nights: number
}): ReservationPricing {
  const { subtotal, iva } = ivaSplit(totalPrice)
  return {
    nights,
    nightlyPrice: averageNightlyPrice(totalPrice, nights),
    serviceCommission,
    subtotal,
    iva,
    total: totalPrice,
  }
}

/**
 * One reservation as its trip page shows it (GET /api/bookings/{id}): the view of Mis Reservas plus
 * the cabin's photo, place and cancellation policy, and the price breakdown.
 */
export const ReservationDetailsSchema = ReservationViewSchema.extend({
  url: z.string(),
  cabin: z.object({
    /** Large photo (relative path), or null when the cabin has none. */
    image: z.object({ url: z.string(), alt: z.string() }).nullable(),
    /** 'población, estado' */
    address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** Cancelling now, by the cabin's policy (`cancellationTerms`, computed when the page is served). */
  cancellation: CancellationTermsSchema,
  pricing: ReservationPricingSchema,
})
export type ReservationDetails = z.infer<typeof ReservationDetailsSchema>

export const ReservationDetailsResponseSchema = z.object({
  success: z.literal(true),
  data: ReservationDetailsSchema,
})

/** POST /api/bookings/{id}/cancel: the reservation as it is now, and what happened to the payment. */
export const ReservationCancelResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ReservationDetailsSchema,
})

export const ReservationsListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ reservations: z.array(ReservationViewSchema) }),
})

/** PUT /api/bookings/{id}: the guest's contact details; dates and guests cannot change (non-refundable). */
export const ReservationUpdateSchema = z
  .object({
    email: textSchema('email del huésped')
      .trim()
      .max(100, 'El email del huésped no es válido')
      .pipe(z.email('El email del huésped no es válido'))
      .optional(),
    phone: z
      .string({ error: 'El teléfono del huésped debe tener exactamente 10 dígitos' })
      .regex(/^\d{10}$/, 'El teléfono del huésped debe tener exactamente 10 dígitos')
      .optional(),
    /** Multi-line free text: tab and line feed are kept, other control characters refused. */
    specialRequests: textSchema('solicitudes especiales', { multiline: true })
      .trim()
      .max(1000, 'Las solicitudes especiales no pueden tener más de 1000 caracteres')
      .optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'No hay cambios que guardar')
export type ReservationUpdate = z.infer<typeof ReservationUpdateSchema>

export const reservationMessages = {
  notChangeable: 'Esta reserva ya no se puede modificar',
  cancelled: 'Reserva cancelada. Por ser no reembolsable, el pago no se devuelve.',
  cancelledRefunded: 'Reserva cancelada. Te reembolsamos el total pagado a tu tarjeta.',
  /** Free cancellation whose refund the provider has not confirmed yet: it is retried. */
  cancelledRefundPending: 'Reserva cancelada. Estamos procesando el reembolso del total pagado a tu tarjeta.',
  /** Free cancellation, cancelled after its deadline: the policy keeps the payment. */
  cancelledAfterDeadline:
    'Reserva cancelada. La cancelaste después del plazo de cancelación gratuita, así que el pago no se reembolsa.',
  notCancellable: 'Esta reserva ya no se puede cancelar',
  paymentBeingVerified: 'Tu pago aún se está verificando; podrás cancelar cuando se confirme.',
  /** The stay has started (check-in day, 15:00 Mexico City): no cancelling from the web. */
  stayStarted: `Tu estancia ya comenzó, así que ya no se puede cancelar desde la web. Si necesitas ayuda, escríbenos a ${SUPPORT_EMAIL} con tu ID de reserva.`,
} as const

/** A cancellation that gives back part of the payment (a policy with a late refund). */
export function cancelledPartRefundMessage(refund: Centavos, done: boolean): string {
  const amount = `${formatMxn(refund)} MXN`
  return done
    ? `Reserva cancelada. Como indica la política, te reembolsamos ${amount} a tu tarjeta.`
    : `Reserva cancelada. Como indica la política, estamos procesando el reembolso de ${amount} a tu tarjeta.`
}
