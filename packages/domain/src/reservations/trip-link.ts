import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'

/** The trip page's "¿No encuentras el correo?": a new link to the reservation, mailed to its guest. */
export const tripLinkMessages = {
  email: 'Correo electrónico inválido',
  /** The same answer whether or not the address is the reservation's (or the reservation exists). */
  requested:
    'Si es el correo con el que se hizo la reserva, te enviaremos un enlace para abrirla en unos minutos.',
  tooMany: 'Ya pediste varios enlaces. Espera un rato antes de pedir otro.',
} as const

export const TripLinkRequestSchema = z.object({
  email: textSchema('correo electrónico', { required: tripLinkMessages.email })
    .trim()
    .max(254, tripLinkMessages.email)
    .pipe(z.email(tripLinkMessages.email)),
})
export type TripLinkRequest = z.infer<typeof TripLinkRequestSchema>

export const TripLinkResponseSchema = z.object({ success: z.literal(true), message: z.string() })
