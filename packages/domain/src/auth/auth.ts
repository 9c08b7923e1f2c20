import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { ROLES } from './roles.ts'

/** Spec §5 and §8 texts of accounts. */
export const authMessages = {
  email: 'Correo electrónico inválido',
  password: 'La contraseña debe tener al menos 6 caracteres',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres',
  firstName: 'El nombre debe tener al menos 2 caracteres',
  lastName: 'El apellido debe tener al menos 2 caracteres',
  phone: 'El teléfono debe tener exactamente 10 dígitos',
  passwordsDiffer: 'Las contraseñas no coinciden',
  acceptTerms: 'Debes aceptar los términos y condiciones',
  loginFailed: 'Error al iniciar sesión',
  registerFailed: 'Error al registrar usuario',
  noSession: 'No hay sesión activa',
  profileFailed: 'Error al actualizar perfil',
  preferencesFailed: 'Error al actualizar preferencias',
  badCredentials: 'Correo electrónico o contraseña incorrectos',
  emailTaken: 'Ya existe una cuenta con este correo electrónico. Inicia sesión o recupera tu contraseña.',
  tooManyAttempts: 'Demasiados intentos de inicio de sesión. Espera unos minutos e intenta de nuevo.',
  socialNotImplemented: (provider: string) => `Autenticación con ${provider} no implementada aún`,
  loggedIn: 'Sesión iniciada',
  registered: 'Cuenta creada correctamente',
  loggedOut: 'Sesión cerrada',
  profileUpdated: 'Tu información ha sido actualizada correctamente',
  preferencesUpdated: 'Tus preferencias han sido actualizadas correctamente',
  resetRequested:
    'Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña.',
  resetDone: 'Tu contraseña fue actualizada. Ya puedes iniciar sesión.',
  resetInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.',
} as const

const email = textSchema('correo electrónico', { required: authMessages.email })
  .trim()
  .max(254, authMessages.email)
  .pipe(z.email(authMessages.email))
const password = textSchema('contraseña', { required: authMessages.password })
  .min(6, authMessages.password)
  .max(128, authMessages.passwordTooLong)
const firstName = textSchema('nombre', { required: authMessages.firstName })
  .trim()
  .min(2, authMessages.firstName)
  .max(80)
const lastName = textSchema('apellido', { required: authMessages.lastName })
  .trim()
  .min(2, authMessages.lastName)
  .max(80)
const confirmPassword = textSchema('confirmar contraseña', { required: authMessages.passwordsDiffer }).max(
  128,
  authMessages.passwordTooLong,
)

/** The 10 digits of a Mexican phone as forms type it: spaces, dashes, plus and a leading 52 removed. */
export function normalizeMexicanPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/[\s\-+()]/g, '')
  return digits.length === 12 && digits.startsWith('52') ? digits.slice(2) : digits
}

/** Payload phone: '+52' and 10 digits, or omitted (spec §3). */
const payloadPhone = textSchema('teléfono', { required: authMessages.phone })
  .max(40, authMessages.phone)
  .transform((value) => normalizeMexicanPhone(value))
  .pipe(z.string().regex(/^\d{10}$/, authMessages.phone))
  .transform((digits) => `+52${digits}`)
  .optional()

export const LoginRequestSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional().default(false),
})
export type LoginRequest = z.infer<typeof LoginRequestSchema>

export const RegisterRequestSchema = z
  .object({
    firstName,
    lastName,
    email,
    password,
    confirmPassword,
    phone: payloadPhone,
    acceptTerms: z.literal(true, { error: authMessages.acceptTerms }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  })
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>

export const ProfileUpdateSchema = z.object({ firstName, lastName, phone: payloadPhone })
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>

export const PreferencesSchema = z.object({
  notifications: z.object({ email: z.boolean(), sms: z.boolean() }),
  newsletter: z.boolean(),
})
export type Preferences = z.infer<typeof PreferencesSchema>

export const ForgotPasswordRequestSchema = z.object({ email })

/**
 * The token of a mailed link (password reset, e-mail confirmation): base64url, as the API writes it.
 * Anything else, control characters included, gets the link's own `invalid` message.
 */
export function linkTokenSchema(invalid: string) {
  return z
    .string({ error: invalid })
    .min(20, invalid)
    .max(200, invalid)
    .regex(/^[A-Za-z0-9_-]+$/, invalid)
}

export const ResetPasswordRequestSchema = z
  .object({
    /** The link's token: base64url, as forgot-password writes it. */
    token: linkTokenSchema(authMessages.resetInvalid),
    password,
    confirmPassword,
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  })

/** Spec §3 user / client. */
export const ClientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  lastLogin: z.string().nullable(),
  registrationMethod: z.string(),
  isEmailVerified: z.boolean(),
  oauthProviders: z.object({ google: z.boolean(), facebook: z.boolean() }),
  preferences: PreferencesSchema,
  /** What the client is besides a guest ('host', 'operator'), read from the database; none before roles existed. */
  roles: z.array(z.enum(ROLES)).default([]),
})
export type Client = z.infer<typeof ClientSchema>

export const SessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string(), client: ClientSchema }),
})
export type SessionResponse = z.infer<typeof SessionResponseSchema>

export const CheckResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ isAuthenticated: z.literal(true), client: ClientSchema }),
})

export const ClientResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ client: ClientSchema }),
})
