import { z } from '../shared/zod.ts'
import {
  authMessages,
  ClientSchema,
  LoginRequestSchema,
  linkTokenSchema,
  RegisterRequestSchema,
} from './auth.ts'

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
  /** The link's account is not the signed-in one: the page asks who created it (see OwnerNeeded). */
  ownerNeeded: 'Para confirmar este correo, dinos si tú creaste la cuenta.',
  /** The safe path: the mailbox owner chose a new password; every other session ended. */
  takenBack:
    'Listo: la cuenta ahora es solo tuya. Cerramos todas las demás sesiones y confirmamos tu correo. Revisa tu nombre en Mi Perfil: quien creó la cuenta lo escribió.',
  /** An e-mail change link opened without the account's session. */
  signInToChange: 'Inicia sesión en tu cuenta para confirmar el cambio de correo.',
  /** The new address of a change was taken by another account meanwhile. */
  changeTaken: 'Ese correo ya pertenece a otra cuenta. Pide el cambio con otra dirección.',
  emailChanged: 'Listo: tu correo cambió. Cerramos tus otras sesiones.',
} as const

/** Texts of the profile's 'Cambiar correo'. */
export const emailChangeMessages = {
  currentPassword: 'Ingresa tu contraseña actual',
  wrongCurrentPassword: 'La contraseña actual es incorrecta',
  sameEmail: 'Ese ya es tu correo.',
  requested: (email: string) =>
    `Te enviamos un enlace a ${email}. Tu correo no cambiará hasta que lo abras; mientras tanto sigues usando el actual.`,
  tooManyChanges: 'Demasiadas solicitudes de cambio de correo. Espera un rato e intenta de nuevo.',
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

/**
 * A link whose account is not the signed-in one: nothing was used yet. `kind` 'address': the account
 * was created with this address (the page offers 'I created it: sign in' and 'It was not me: choose a
 * new password'); 'change': the account asked to move to this address (only its owner, signed in,
 * can confirm).
 */
export const OwnerNeededSchema = z.object({
  outcome: z.literal('owner-needed'),
  kind: z.enum(['address', 'change']),
  /** The address the link was mailed to. */
  email: z.string(),
  /** When the account was created (ISO instant), for 'Esta cuenta se creó el …'. */
  accountCreatedAt: z.string(),
})
export type OwnerNeeded = z.infer<typeof OwnerNeededSchema>

/** The address is verified: bookings joined, every older session ended, this browser's new session. */
export const VerifiedSchema = z.object({
  outcome: z.literal('verified'),
  kind: z.enum(['address', 'change']),
  client: ClientSchema,
  joined: JoinedBookingsSchema,
  /** The session token that replaces the one this browser had (every older one is void). */
  token: z.string(),
})

export const VerifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.discriminatedUnion('outcome', [VerifiedSchema, OwnerNeededSchema]),
})
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>

const password = LoginRequestSchema.shape.password
const confirmPassword = RegisterRequestSchema.shape.confirmPassword

/** A new password and its confirmation, as the "No fui yo" form asks for them. */
export const NewPasswordSchema = z
  .object({ password, confirmPassword })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  })
export type NewPassword = z.infer<typeof NewPasswordSchema>

/**
 * POST /auth/verify-email/take-back: "No fui yo". The mailbox owner chooses a new password with the
 * link; every session and pending change of the account ends before the bookings join.
 */
export const TakeBackRequestSchema = z
  .object({ token: linkTokenSchema(emailVerificationMessages.invalid), password, confirmPassword })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  })
export type TakeBackRequest = z.infer<typeof TakeBackRequestSchema>

/** POST /auth/email-change: the new address, proved by the current password; nothing changes yet. */
export const EmailChangeRequestSchema = z.object({
  newEmail: LoginRequestSchema.shape.email,
  currentPassword: z
    .string({ error: emailChangeMessages.currentPassword })
    .min(1, emailChangeMessages.currentPassword)
    .pipe(password),
})
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>

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
