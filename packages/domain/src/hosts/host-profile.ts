import { normalizeMexicanPhone } from '../auth/auth.ts'
import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { checkClabe, clabeMessages } from './clabe.ts'

/** What hosts read: the host profile form and its answers. */
export const hostMessages = {
  displayName: 'El nombre para mostrar debe tener entre 2 y 60 caracteres',
  phone: 'El teléfono debe tener exactamente 10 dígitos',
  becameHost: 'Ya eres anfitrión. Ahora puedes publicar tu cabaña.',
  profileUpdated: 'Tu perfil de anfitrión fue actualizado',
  alreadyHost: 'Ya eres anfitrión: edita tu perfil de anfitrión',
  notHost: 'Esta sección es solo para anfitriones. Crea tu perfil de anfitrión primero.',
  notOperator: 'Esta sección es solo para el equipo de Cabañas MX',
  tooManyChanges: 'Demasiados cambios en poco tiempo. Espera unos minutos e intenta de nuevo.',
} as const

const displayName = textSchema('nombre para mostrar', { required: hostMessages.displayName })
  .trim()
  .min(2, hostMessages.displayName)
  .max(60, hostMessages.displayName)

/** '+52' and 10 digits; spaces, dashes and a typed +52 are accepted. Required: guests and payouts call it. */
const phone = textSchema('teléfono', { required: hostMessages.phone })
  .max(40, hostMessages.phone)
  .transform((value) => normalizeMexicanPhone(value))
  .pipe(z.string().regex(/^\d{10}$/, hostMessages.phone))
  .transform((digits) => `+52${digits}`)

/** The 18 digits (groups separated by spaces or dashes are accepted), checked by `checkClabe`. */
const clabe = textSchema('CLABE', { required: clabeMessages.length })
  .max(40, clabeMessages.length)
  .transform((value, context) => {
    const result = checkClabe(value)
    if (result.ok) return result.clabe
    context.addIssue({ code: 'custom', message: result.message })
    return z.NEVER
  })

/** 'Publica tu cabaña': the host profile a client creates to become a host. */
export const HostProfileCreateSchema = z.object({ displayName, phone, clabe })
export type HostProfileCreate = z.infer<typeof HostProfileCreateSchema>

/** Editing the host profile: the CLABE is only sent to replace it (the stored one is never shown). */
export const HostProfileUpdateSchema = z.object({ displayName, phone, clabe: clabe.optional() })
export type HostProfileUpdate = z.infer<typeof HostProfileUpdateSchema>

/** A host profile as the API answers it: the CLABE only as its bank and last 4 digits. */
export const HostProfileSchema = z.object({
  displayName: z.string(),
  phone: z.string(),
  clabeLast4: z.string().regex(/^\d{4}$/),
  bankName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type HostProfile = z.infer<typeof HostProfileSchema>

export const HostProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ hostProfile: HostProfileSchema }),
})
export type HostProfileResponse = z.infer<typeof HostProfileResponseSchema>

/** The operator console's list of hosts (GET /operator/hosts). */
export const OperatorHostSchema = HostProfileSchema.extend({
  clientId: z.string(),
  email: z.string(),
  /** Issue 22: how many reservations the host cancelled (their record). */
  hostCancellations: z.number().int().optional(),
})
export type OperatorHost = z.infer<typeof OperatorHostSchema>

export const OperatorHostsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ hosts: z.array(OperatorHostSchema) }),
})
