import { z } from '../shared/zod.ts'
import { ClientSchema, linkTokenSchema } from './auth.ts'

/** How long a 'Confirma tu correo' link works (the mail says so). */
export const EMAIL_VERIFICATION_DAYS = 7

/** Texts of 'Confirma tu correo': the link, its page and 'Reenviar correo de verificación'. */
export const emailVerificationMessages = {
  invalid: 'El enlace para confirmar tu correo no es válido o ya expiró. Solicita uno nuevo.',
  verified: '¡Correo verificado!',
  alreadyVerified: 'Tu correo ya está verificado.',
  resent: 'Te enviamos un nuevo enlace para confirmar tu correo. Revisa tu bandeja de entrada.',
  tooManyResends: 'Ya te enviamos varios enlaces. Espera un rato antes de pedir otro.',
  tooManyVerifications: 'Demasiados intentos de verificación desde tu conexión. Intenta de nuevo más tarde.',
} as const

/** POST /auth/verify-email: the token of the mailed link (`/verificar-correo?token=…`). */
export const VerifyEmailRequestSchema = z.object({
  token: linkTokenSchema(emailVerificationMessages.invalid),
})
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>

/** What joined the account when its address was verified: made with that address, without an account. */
export const JoinedBookingsSchema = z.object({
  reservations: z.number().int().min(0),
  requests: z.number().int().min(0),
})
export type JoinedBookings = z.infer<typeof JoinedBookingsSchema>

export const VerifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ client: ClientSchema, joined: JoinedBookingsSchema }),
})
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * One sentence for the verification page: what now appears in Mis Reservas, or null when nothing
 * joined. "2 reservas y 1 solicitud de reserva ahora están en tu cuenta."
 */
export function describeJoinedBookings({ reservations, requests }: JoinedBookings): string | null {
  const parts = [
    reservations > 0 ? count(reservations, 'reserva', 'reservas') : null,
    requests > 0 ? count(requests, 'solicitud de reserva', 'solicitudes de reserva') : null,
  ].filter((part): part is string => part !== null)
  if (parts.length === 0) return null
  const verb = reservations + requests === 1 ? 'ahora está' : 'ahora están'
  return `${parts.join(' y ')} ${verb} en tu cuenta.`
}
