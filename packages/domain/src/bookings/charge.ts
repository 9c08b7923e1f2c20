import { calendarDateSchema, guestsSchema } from '../quotes/quote.ts'
import { integerSchema, textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'

const centavos = z.number().int().nonnegative()
const amount = (label: string) =>
  integerSchema(`El campo ${label} debe ser un número entero de centavos`).min(
    0,
    `El campo ${label} no puede ser negativo`,
  )
const count = (label: string) => {
  const message = `El campo ${label} debe ser un número entero positivo`
  return integerSchema(message).min(1, message)
}
const text = (label: string, max: number) => textSchema(label).trim().max(max)

/**
 * The characters of Openpay's ids: tokens are [a-z0-9] after a 'k', device session ids 32 of
 * [A-Za-z0-9] (openpay.md); '_' and '-' are allowed for other gateways' and tests' ids.
 */
const OPENPAY_ID = /^[A-Za-z0-9_-]+$/

/** Spec §3 charge request. The client's pricing is informative only: the server prices the stay again. */
export const ChargeRequestSchema = z.object({
  /** The spec sets it to the cabin id; the server ignores it and creates its own reservation id. */
  reservationId: text('reserva', 100).optional(),
  method: z.literal('card', { error: 'Solo se aceptan pagos con tarjeta' }),
  token_id: z
    .string({ error: 'Falta el token de la tarjeta' })
    .min(1, 'Falta el token de la tarjeta')
    .max(64, 'El token de la tarjeta no es válido')
    .regex(OPENPAY_ID, 'El token de la tarjeta no es válido'),
  device_session_id: z
    .string({ error: 'Falta el identificador del dispositivo' })
    .min(1, 'Falta el identificador del dispositivo')
    .max(255, 'El identificador del dispositivo no es válido')
    .regex(OPENPAY_ID, 'El identificador del dispositivo no es válido'),
  customerData: z.object({
    name: text('nombre de facturación', 100).min(1, 'El nombre es obligatorio'),
    last_name: text('apellido de facturación', 100).min(1, 'El apellido es obligatorio'),
    phone_number: z
      .string({ error: 'El teléfono de facturación debe tener exactamente 10 dígitos' })
      .regex(/^\d{10}$/, 'El teléfono de facturación debe tener exactamente 10 dígitos'),
    email: text('email de facturación', 100).pipe(z.email('El email de facturación no es válido')),
  }),
  reservationData: z.object({
    cabinId: textSchema('cabaña', { required: 'Falta la cabaña' }).min(1, 'Falta la cabaña').max(100),
    cabinName: text('nombre de la cabaña', 200).optional(),
    checkIn: calendarDateSchema('llegada'),
    checkOut: calendarDateSchema('salida'),
    guests: guestsSchema,
    nights: count('noches').optional(),
    location: text('ubicación', 200).optional(),
    maxOccupancy: count('capacidad máxima').optional(),
    pricing: z
      .object({
        basePrice: amount('precio base').optional(),
        totalPrice: amount('precio total').optional(),
        cleaningFee: amount('tarifa de limpieza').optional(),
        serviceFee: amount('tarifa de servicio').optional(),
        comisionServicio: amount('comisión de servicio').optional(),
        taxes: amount('impuestos').optional(),
      })
      .optional(),
    guestInfo: z.object({
      firstName: text('nombre del huésped', 100).min(1, 'El nombre del huésped es obligatorio'),
      lastName: text('apellido del huésped', 100).min(1, 'El apellido del huésped es obligatorio'),
      email: text('email del huésped', 100).pipe(z.email('El email del huésped no es válido')),
      phone: z
        .string({ error: 'El teléfono del huésped debe tener exactamente 10 dígitos' })
        .regex(/^\d{10}$/, 'El teléfono del huésped debe tener exactamente 10 dígitos'),
      specialRequests: textSchema('solicitudes especiales', { multiline: true })
        .trim()
        .max(1000, 'Las solicitudes especiales no pueden tener más de 1000 caracteres')
        .optional()
        .default(''),
    }),
  }),
  clienteWebId: text('cliente', 100).optional(),
  /**
   * Paying an accepted request to book (its pay link): the request's id, and the link's secret unless
   * the request's own account is signed in. The stay and price are then the request's.
   */
  bookingRequest: z
    .object({
      id: z.uuid({ error: 'El enlace de pago no es válido. Ábrelo de nuevo desde el correo.' }),
      token: text('enlace de pago', 100).optional(),
    })
    .optional(),
})
export type ChargeRequest = z.infer<typeof ChargeRequestSchema>

/** Spec §3 charge response. */
export const ChargeResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({
    reservationId: z.string(),
    paymentId: z.string().nullable(),
    status: z.enum(['succeeded', 'failed', 'pending']),
    charge: z.object({ status: z.string(), error_message: z.string().nullable() }),
    ok: z.boolean(),
    message: z.string(),
    totalAmount: centavos,
    /** Shown once: lets the guest open this reservation without an account. */
    accessToken: z.string().optional(),
  }),
  error: z.string().optional(),
  errorType: z.string().optional(),
  error_code: z.number().int().optional(),
})
export type ChargeResponse = z.infer<typeof ChargeResponseSchema>

export const chargeMessages = {
  confirmed: 'Pago confirmado. ¡Tu reserva está lista!',
  pending:
    'No pudimos confirmar tu pago con el banco todavía. No pagues de nuevo: verificaremos el cargo en unos minutos y tu reserva se actualizará.',
  idempotencyMismatch: 'Esta clave de idempotencia ya se usó con una solicitud diferente',
  idempotencyInProgress: 'Tu pago anterior con esta misma solicitud sigue en proceso',
  badIdempotencyKey: 'La clave de idempotencia no es válida',
  backendFallback: 'Error en el procesamiento de la reserva',
  releasedBeforePayment:
    'Tu pago tardó demasiado y las fechas se liberaron antes de confirmarlo. El cargo se reembolsó; intenta reservar de nuevo.',
  tooManyHolds:
    'Ya tienes varias reservas esperando la confirmación de su pago. Espera un minuto a que se resuelvan e inténtalo de nuevo.',
  tooManyCharges: 'Demasiados intentos de pago desde tu conexión. Espera unos minutos e inténtalo de nuevo.',
} as const

/** Is the charge confirmed, by the spec's rule: ok and (status 'succeeded' or charge 'completed'). */
export function isChargeConfirmed(response: Pick<ChargeResponse, 'data'>): boolean {
  return (
    response.data.ok && (response.data.status === 'succeeded' || response.data.charge.status === 'completed')
  )
}
