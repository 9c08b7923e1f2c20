import { calendarDateSchema, guestsSchema } from '../quotes/quote.ts'
import { z } from '../shared/zod.ts'

const centavos = z.number().int().nonnegative()
const text = (max: number) => z.string().trim().max(max)

/** Spec §3 charge request. The client's pricing is informative only: the server prices the stay again. */
export const ChargeRequestSchema = z.object({
  /** The spec sets it to the cabin id; the server ignores it and creates its own reservation id. */
  reservationId: text(100).optional(),
  method: z.literal('card', { error: 'Solo se aceptan pagos con tarjeta' }),
  token_id: z
    .string({ error: 'Falta el token de la tarjeta' })
    .min(1, 'Falta el token de la tarjeta')
    .max(64),
  device_session_id: z
    .string({ error: 'Falta el identificador del dispositivo' })
    .min(1, 'Falta el identificador del dispositivo')
    .max(255),
  customerData: z.object({
    name: text(100).min(1, 'El nombre es obligatorio'),
    last_name: text(100).min(1, 'El apellido es obligatorio'),
    phone_number: z
      .string()
      .regex(/^\d{10}$/, 'El teléfono de facturación debe tener exactamente 10 dígitos'),
    email: text(100).pipe(z.email('El email de facturación no es válido')),
  }),
  reservationData: z.object({
    cabinId: z.string().min(1, 'Falta la cabaña').max(100),
    cabinName: text(200).optional(),
    checkIn: calendarDateSchema('llegada'),
    checkOut: calendarDateSchema('salida'),
    guests: guestsSchema,
    nights: z.number().int().optional(),
    location: text(200).optional(),
    maxOccupancy: z.number().int().optional(),
    pricing: z
      .object({
        basePrice: centavos.optional(),
        totalPrice: centavos.optional(),
        cleaningFee: centavos.optional(),
        serviceFee: centavos.optional(),
        comisionServicio: centavos.optional(),
        taxes: centavos.optional(),
      })
      .optional(),
    guestInfo: z.object({
      firstName: text(100).min(1, 'El nombre del huésped es obligatorio'),
      lastName: text(100).min(1, 'El apellido del huésped es obligatorio'),
      email: text(100).pipe(z.email('El email del huésped no es válido')),
      phone: z.string().regex(/^\d{10}$/, 'El teléfono del huésped debe tener exactamente 10 dígitos'),
      specialRequests: text(1000).optional().default(''),
    }),
  }),
  clienteWebId: z.string().max(100).optional(),
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
} as const

/** Is the charge confirmed, by the spec's rule: ok and (status 'succeeded' or charge 'completed'). */
export function isChargeConfirmed(response: Pick<ChargeResponse, 'data'>): boolean {
  return (
    response.data.ok && (response.data.status === 'succeeded' || response.data.charge.status === 'completed')
  )
}
