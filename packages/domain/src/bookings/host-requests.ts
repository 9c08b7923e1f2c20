import { SERVICE_COMMISSION_BPS } from '../quotes/pricing.ts'
import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { REQUEST_ANSWER_HOURS, REQUEST_PAY_HOURS, REQUEST_REMINDER_HOURS } from './booking-request.ts'

/**
 * A request to book as its host answers it (issue 22): pending → accepted | declined | expired;
 * accepted → paid (the reservation was paid through the pay link) | expired (the link's 24 h passed).
 */
export const REQUEST_STATES = ['pending', 'accepted', 'declined', 'expired', 'paid'] as const
export type RequestState = (typeof REQUEST_STATES)[number]

export const requestStateLabels: Record<RequestState, string> = {
  pending: 'Pendiente',
  accepted: 'Aceptada',
  declined: 'Rechazada',
  expired: 'Vencida',
  paid: 'Pagada',
}

/** What the host and the guest are told (API refusals and the web). */
export const hostRequestMessages = {
  notFound: 'La solicitud no existe o no es de una de tus cabañas.',
  alreadyDeclined: 'Ya rechazaste esta solicitud.',
  alreadyAccepted: 'Ya aceptaste esta solicitud.',
  expired: 'La solicitud venció: pasaron 24 horas sin respuesta.',
  nightsTaken:
    'Estas noches ya no están libres (otra reserva o un bloqueo las ocupa): no puedes aceptar esta solicitud.',
  messageTooLong: 'El mensaje puede tener hasta 500 caracteres.',
  tooManyAnswers: 'Demasiadas respuestas seguidas. Espera un minuto e inténtalo de nuevo.',
  // The pay link (checkout of an accepted request).
  payLinkInvalid: 'El enlace de pago no es válido. Ábrelo de nuevo desde el correo.',
  payLinkExpired:
    'El enlace de pago venció: pasaron 24 horas desde que el anfitrión aceptó tu solicitud. No se hizo ningún cargo.',
  alreadyPaid:
    'Esta solicitud ya fue pagada: tu reserva está en Mis Reservas. No se hizo ningún cargo nuevo.',
  payInProgress: 'Ya hay un pago en curso para esta solicitud. Revisa Mis Reservas en unos minutos.',
  notPayable: 'Esta solicitud no se puede pagar: el anfitrión no la aceptó.',
  otherAccount: 'Este enlace de pago es de otra cuenta. Inicia sesión con la cuenta que hizo la solicitud.',
  nightsTakenAtPay:
    'Estas noches ya no están disponibles: alguien más las reservó. No se hizo ningún cargo a tu tarjeta.',
} as const

/** Why a request in `state` cannot take the host's answer `wanted` (it took another, or expired). */
export function hostMessagesForAnswer(state: RequestState, wanted: 'accepted' | 'declined'): string {
  if (state === 'expired') return hostRequestMessages.expired
  if (state === 'declined') return hostRequestMessages.alreadyDeclined
  if (wanted === 'declined') return hostRequestMessages.alreadyAccepted
  return hostRequestMessages.alreadyAccepted
}

const HOUR_MS = 60 * 60 * 1000

/** The instants a request's clock is made of, from when it was made and when the host accepted. */
export function requestDeadlines({ createdAt, answeredAt }: { createdAt: Date; answeredAt: Date | null }) {
  return {
    remindAt: new Date(createdAt.getTime() + REQUEST_REMINDER_HOURS * HOUR_MS),
    answerBy: new Date(createdAt.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS),
    payBy: answeredAt ? new Date(answeredAt.getTime() + REQUEST_PAY_HOURS * HOUR_MS) : null,
  }
}

/** 'Quedan 5 h', 'Quedan 40 min', 'Vencida' (rounded down: never more time than there is). */
export function timeLeftLabel(deadline: Date, now: Date): string {
  const ms = deadline.getTime() - now.getTime()
  if (ms <= 0) return 'Vencida'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 60) return `Quedan ${Math.max(minutes, 1)} min`
  return `Quedan ${Math.floor(minutes / 60)} h`
}

/** The guest's first name: all a host sees of them before the stay is paid. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? ''
}

export const HostRequestsQuerySchema = z.object({
  status: z.enum(REQUEST_STATES, { error: 'Estado de solicitud no válido' }).optional(),
})

export const RequestIdParamsSchema = z.object({
  requestId: z.uuid({ error: hostRequestMessages.notFound }),
})

/** 'Rechazar': an optional plain-text message to the guest, up to 500 characters. */
export const DeclineRequestBodySchema = z.object({
  message: textSchema('mensaje', { multiline: true })
    .trim()
    .max(500, hostRequestMessages.messageTooLong)
    .optional(),
})
export type DeclineRequestBody = z.infer<typeof DeclineRequestBodySchema>

/** A request in the host's inbox and detail. No e-mail or phone: the guest's first name only. */
export const HostRequestSchema = z.object({
  requestId: z.string(),
  cabinId: z.string(),
  cabinName: z.string(),
  guestFirstName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guests: z.number().int(),
  /** What the guest pays, IVA and service fee included (centavos). */
  totalPrice: z.number().int(),
  /** What the host receives: the total without the service fee (centavos). */
  hostAmount: z.number().int(),
  status: z.enum(REQUEST_STATES),
  createdAt: z.string(),
  /** Until when the host may answer (pending). */
  answerBy: z.string(),
  /** Until when the guest may pay (accepted). */
  payBy: z.string().nullable(),
  declineMessage: z.string().nullable(),
  reservationId: z.string().nullable(),
})
export type HostRequest = z.infer<typeof HostRequestSchema>

export const HostRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ requests: z.array(HostRequestSchema) }),
})
export const HostRequestResponseSchema = z.object({
  success: z.literal(true),
  data: HostRequestSchema,
})

/** The service fee inside a request's total: as kept, or worked out for requests made before it was. */
export function commissionOf(row: { totalPrice: number; serviceCommission: number | null }): number {
  // total = lodging + lodging × 12 %, so the fee is total − total / 1.12.
  const lodging = Math.round((row.totalPrice * 10_000) / (10_000 + SERVICE_COMMISSION_BPS))
  return row.serviceCommission ?? row.totalPrice - lodging
}
