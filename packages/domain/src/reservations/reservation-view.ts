import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'

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
  notCancellable: 'Esta reserva ya no se puede cancelar',
} as const
