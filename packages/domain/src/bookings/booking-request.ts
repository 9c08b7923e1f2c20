import { calendarDateSchema, guestsSchema } from '../quotes/quote.ts'

export { clampGuests } from '../quotes/stay-rules.ts'

import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'

/** Spec §5 booking dialog texts. */
export const bookingRequestMessages = {
  fullName: 'El nombre es requerido.',
  email: 'Email inválido.',
  phone: 'Teléfono inválido.',
  minGuests: (n: number) => `Mínimo ${n} huésped${n === 1 ? '' : 'es'}.`,
  maxGuests: (n: number) => `Máximo ${n} huésped${n === 1 ? '' : 'es'}.`,
  loading: 'Confirmando reserva...',
  notice: 'Tu reserva no está confirmada hasta que el anfitrión la acepte.',
} as const

/** The 'Solicitar reserva' form (spec §5): the dialog's fields. */
export const BookingRequestFormSchema = z.object({
  fullName: textSchema('nombre', { required: bookingRequestMessages.fullName })
    .trim()
    .min(2, bookingRequestMessages.fullName)
    .max(120, bookingRequestMessages.fullName),
  email: textSchema('email', { required: bookingRequestMessages.email })
    .trim()
    .max(254, bookingRequestMessages.email)
    .pipe(z.email(bookingRequestMessages.email)),
  phone: textSchema('teléfono', { required: bookingRequestMessages.phone })
    .trim()
    .min(8, bookingRequestMessages.phone)
    .max(20, bookingRequestMessages.phone)
    .regex(/^[+\d\s()-]+$/, bookingRequestMessages.phone),
  guests: guestsSchema,
})
export type BookingRequestForm = z.infer<typeof BookingRequestFormSchema>

/** POST /api/bookings: a request to book, waiting for the host. It does not hold the dates. */
export const BookingRequestSchema = BookingRequestFormSchema.extend({
  cabinId: textSchema('cabaña', { required: 'Falta la cabaña' }).min(1, 'Falta la cabaña').max(100),
  checkIn: calendarDateSchema('llegada'),
  checkOut: calendarDateSchema('salida'),
})
export type BookingRequest = z.infer<typeof BookingRequestSchema>

export const BookingRequestResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    requestId: z.string(),
    status: z.literal('pending'),
    cabinId: z.string(),
    cabinName: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    nights: z.number().int(),
    guests: z.number().int(),
    totalPrice: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    createdAt: z.string(),
  }),
})
export type BookingRequestResponse = z.infer<typeof BookingRequestResponseSchema>

/** A host answers a request to book within this many hours, or it expires (Airbnb's rule). */
export const REQUEST_ANSWER_HOURS = 24
/** The host is reminded of a request still waiting this many hours after it was made. */
export const REQUEST_REMINDER_HOURS = 12
/** An accepted request's pay link is valid this many hours after the host accepts. */
export const REQUEST_PAY_HOURS = 24
