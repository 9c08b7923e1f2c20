import { z } from '../shared/zod.ts'
import { authMessages, LoginRequestSchema, RegisterRequestSchema } from './auth.ts'

/** Texts of the profile's 'Cambiar contraseña' and of the slowed-down login. */
export const passwordChangeMessages = {
  currentPassword: 'Ingresa tu contraseña actual',
  wrongCurrentPassword: 'La contraseña actual es incorrecta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  passwordChanged: 'Tu contraseña fue actualizada. Cerramos tus otras sesiones.',
  tooManyChanges: 'Demasiados intentos de cambio de contraseña. Espera unos minutos e intenta de nuevo.',
  tooManyResets: 'Demasiadas solicitudes para restablecer la contraseña. Intenta de nuevo más tarde.',
  tooManyRegistrations: 'Demasiados registros desde esta conexión. Intenta de nuevo más tarde.',
  loginSlowedDown: 'Hubo varios intentos fallidos para esta cuenta. Espera unos momentos e intenta de nuevo.',
} as const

/** The same field rules as a registration's password and its confirmation. */
const password = LoginRequestSchema.shape.password
const confirmPassword = RegisterRequestSchema.shape.confirmPassword

/** PUT /auth/password: the signed-in client's new password, confirmed with the current one. */
export const PasswordChangeRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: passwordChangeMessages.currentPassword })
      .min(1, passwordChangeMessages.currentPassword)
      .pipe(password),
    newPassword: password,
    confirmPassword,
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: passwordChangeMessages.samePassword,
    path: ['newPassword'],
  })
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>
