import { BOOKING_REQUEST_STATUSES } from '../auth/my-booking-requests.ts'
import { csvAmountCell, csvTextCell } from '../payouts/payout-csv.ts'
import type { CalendarDate } from '../shared/calendar-date.ts'
import { queryIntegerSchema, textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import {
  type PaymentStatus,
  paymentStatusLabels,
  type ReservationStatus,
  reservationStatusLabels,
} from './transitions.ts'

/**
 * Issue 22, "Hosts run the business": the host's reservations (list, detail, CSV), the host's
 * cancellation with a full refund, and the operator console's reservations and requests to book.
 */
export const hostReservationMessages = {
  tab: 'La pestaña debe ser próximas, pasadas o canceladas',
  cabinId: 'La cabaña no es válida',
  page: 'La página debe ser un número entero mayor que cero',
  reservationId: 'La reserva no es válida',
  reason: 'El motivo debe tener como máximo 500 caracteres',
  search: 'La búsqueda debe tener como máximo 100 caracteres',
  status: 'El estado debe ser pendiente, activa, cancelada o completada',
  notFound: 'No encontramos esa reserva entre las de tus cabañas',
  operatorNotFound: 'La reserva no fue encontrada',
  pendingPayment:
    'El pago de esta reserva aún se está verificando: podrás cancelarla cuando se confirme o se libere sola.',
  stayStarted: 'La estancia ya empezó: no se puede cancelar desde aquí. Escríbenos a soporte@cabanas.mx.',
  notCancellable: 'Solo se puede cancelar una reserva confirmada y pagada que no haya empezado',
  notRefundable: 'Solo se puede reembolsar una reserva activa y pagada',
  cancelledRefunded: 'Reserva cancelada. Reembolsamos el pago completo al huésped y le avisamos por correo.',
  cancelledRefundPending:
    'Reserva cancelada. El reembolso completo al huésped está en proceso y le avisamos por correo.',
  refunded: 'Reserva cancelada y reembolsada. Avisamos al huésped y al anfitrión por correo.',
  refundPending:
    'Reserva cancelada. El reembolso está en proceso; avisamos al huésped y al anfitrión por correo.',
  tooManyCancellations: 'Demasiadas cancelaciones en poco tiempo. Espera unos minutos e intenta de nuevo.',
  tooManyExports: 'Demasiadas descargas en poco tiempo. Espera unos minutos e intenta de nuevo.',
} as const

/** The host's tabs: 'Próximas' (not ended), 'Pasadas' (ended) and 'Canceladas'. */
export const HOST_RESERVATION_TABS = ['upcoming', 'past', 'cancelled'] as const
export type HostReservationTab = (typeof HOST_RESERVATION_TABS)[number]

export const hostReservationTabLabels: Record<HostReservationTab, string> = {
  upcoming: 'Próximas',
  past: 'Pasadas',
  cancelled: 'Canceladas',
}

/** Who cancelled a reservation: its guest, its host, or the marketplace's operator (a refund). */
export const CANCELLED_BY = ['guest', 'host', 'operator'] as const
export type CancelledBy = (typeof CANCELLED_BY)[number]

export const cancelledByLabels: Record<CancelledBy, string> = {
  guest: 'el huésped',
  host: 'el anfitrión',
  operator: 'Cabañas MX',
}

/** Reservations per page, in every list of this file. */
export const RESERVATIONS_PAGE_SIZE = 20

const page = queryIntegerSchema(hostReservationMessages.page)
  .pipe(z.number().min(1, hostReservationMessages.page).max(10_000, hostReservationMessages.page))
  .optional()
  .default(1)

export const HostReservationsQuerySchema = z.object({
  tab: z.enum(HOST_RESERVATION_TABS, { error: hostReservationMessages.tab }).optional().default('upcoming'),
  cabinId: z.uuid({ error: hostReservationMessages.cabinId }).optional(),
  page,
})
export type HostReservationsQuery = z.infer<typeof HostReservationsQuerySchema>

/** The CSV takes the same filters, without the page: every reservation of the tab. */
export const HostReservationsCsvQuerySchema = HostReservationsQuerySchema.omit({ page: true })

export const ReservationIdParamsSchema = z.object({
  reservationId: z.uuid({ error: hostReservationMessages.reservationId }),
})

/** 'Cancelar reserva': an optional reason, kept for the record (never mailed to the guest). */
export const HostCancelFormSchema = z.object({
  reason: textSchema('motivo', { multiline: true })
    .trim()
    .max(500, hostReservationMessages.reason)
    .optional(),
})
export type HostCancelRequest = z.infer<typeof HostCancelFormSchema>
/** The body: the form, or nothing at all. */
export const HostCancelRequestSchema = HostCancelFormSchema.optional().default({})

const statusSchema = z.enum(['pending', 'active', 'cancelled', 'completed'])
const paymentStatusSchema = z.enum(['PENDING', 'PAID', 'FAILED', 'REFUNDED'])
const date = z.string()

/** A list answer's page: its number, its size and how many there are in all. */
const pageFields = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }

/** A page of reservations, as the host's and the operator's lists answer. */
const reservationsPageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ success: z.literal(true), data: z.object({ reservations: z.array(item), ...pageFields }) })

/** A reservation as the host's list shows it: the guest by first name only. */
export const HostReservationSummarySchema = z.object({
  id: z.string(),
  cabinId: z.string(),
  cabinName: z.string(),
  checkIn: date,
  checkOut: date,
  nights: z.number().int(),
  guests: z.number().int(),
  status: statusSchema,
  paymentStatus: paymentStatusSchema,
  guestFirstName: z.string(),
  /** Everything the guest paid (centavos). */
  totalPrice: z.number().int(),
  /** What the host receives: the total less the service fee (centavos). */
  hostAmount: z.number().int(),
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  createdAt: z.string(),
})
export type HostReservationSummary = z.infer<typeof HostReservationSummarySchema>

export const HostReservationsResponseSchema = reservationsPageSchema(HostReservationSummarySchema)
export type HostReservationsPage = z.infer<typeof HostReservationsResponseSchema>['data']

/** The guest's contact: only for a confirmed stay (paid, not cancelled). */
export const GuestContactSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  whatsappUrl: z.string().nullable(),
})
export type GuestContact = z.infer<typeof GuestContactSchema>

export const HostReservationDetailSchema = HostReservationSummarySchema.extend({
  serviceFee: z.number().int(),
  specialRequests: z.string(),
  contact: GuestContactSchema.nullable(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** Whether 'Cancelar reserva' is offered now. */
  isCancellable: z.boolean(),
})
export type HostReservationDetail = z.infer<typeof HostReservationDetailSchema>

export const HostReservationDetailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ reservation: HostReservationDetailSchema }),
})

/** A confirmed stay: paid and not cancelled. Only these show the guest's full name and contact. */
export function isConfirmedStay(row: { status: ReservationStatus; paymentStatus: PaymentStatus }): boolean {
  return (row.status === 'active' || row.status === 'completed') && row.paymentStatus === 'PAID'
}

/**
 * Whether the host may cancel now: a confirmed, active stay whose check-in day has not come (from
 * check-in day the guest may be on the road: they write to us). A stay whose payment is being
 * verified cannot be cancelled: its charge may yet complete, and a hold that fails frees itself.
 */
export function isCancellableByHost(
  row: { status: ReservationStatus; paymentStatus: PaymentStatus; checkIn: CalendarDate },
  today: CalendarDate,
): boolean {
  return row.status === 'active' && row.paymentStatus === 'PAID' && row.checkIn > today
}

/** What the host receives of a stay: the total less the service fee (no host commission yet). */
export function hostAmountOf(row: { totalPrice: number; serviceCommission: number }): number {
  return row.totalPrice - row.serviceCommission
}

export const HOST_RESERVATIONS_CSV_HEADERS = [
  'Reserva',
  'Cabaña',
  'Llegada',
  'Salida',
  'Noches',
  'Huéspedes',
  'Estado',
  'Pago',
  'Huésped',
  'Correo',
  'Teléfono',
  'Pagado por el huésped (MXN)',
  'Para el anfitrión (MXN)',
  'Creada',
] as const

export type HostReservationCsvRow = HostReservationSummary & {
  guestLastName: string
  guestEmail: string
  guestPhone: string
}

/**
 * The host's filtered list as CSV: UTF-8 with a byte order mark (Excel reads the accents), CRLF line
 * ends, Spanish headers, amounts in pesos with 2 decimals. The guest's full name, e-mail and phone
 * only for confirmed stays; every text cell is neutralised against formula injection (csvTextCell).
 */
export function hostReservationsCsv(rows: readonly HostReservationCsvRow[]): string {
  const lines: string[][] = [
    [...HOST_RESERVATIONS_CSV_HEADERS].map(csvTextCell),
    ...rows.map((row) => {
      const confirmed = isConfirmedStay(row)
      return [
        csvTextCell(row.id),
        csvTextCell(row.cabinName),
        csvTextCell(row.checkIn),
        csvTextCell(row.checkOut),
        String(row.nights),
        String(row.guests),
        csvTextCell(reservationStatusLabels[row.status]),
        csvTextCell(paymentStatusLabels[row.paymentStatus]),
        csvTextCell(confirmed ? `${row.guestFirstName} ${row.guestLastName}` : row.guestFirstName),
        csvTextCell(confirmed ? row.guestEmail : ''),
        csvTextCell(confirmed ? row.guestPhone : ''),
        csvAmountCell(row.totalPrice),
        csvAmountCell(row.hostAmount),
        csvTextCell(row.createdAt.slice(0, 10)),
      ]
    }),
  ]
  return `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`
}

/** 'reservas-cabanas-mx-proximas.csv': only the tab, which the route has checked, in the name. */
export function hostReservationsCsvFilename(tab: HostReservationTab): string {
  const slug = { upcoming: 'proximas', past: 'pasadas', cancelled: 'canceladas' }[tab]
  return `reservas-cabanas-mx-${slug}.csv`
}

// The operator console.

export const OperatorReservationsQuerySchema = z.object({
  status: z
    .enum(['pending', 'active', 'cancelled', 'completed'], { error: hostReservationMessages.status })
    .optional(),
  q: textSchema('búsqueda').trim().max(100, hostReservationMessages.search).optional(),
  page,
})
export type OperatorReservationsQuery = z.infer<typeof OperatorReservationsQuerySchema>

export const OperatorReservationSchema = HostReservationSummarySchema.extend({
  hostName: z.string().nullable(),
  /** Whether 'Reembolsar' is offered: an active, paid reservation. */
  isRefundable: z.boolean(),
})
export type OperatorReservation = z.infer<typeof OperatorReservationSchema>

export const OperatorReservationsResponseSchema = reservationsPageSchema(OperatorReservationSchema)
export type OperatorReservationsPage = z.infer<typeof OperatorReservationsResponseSchema>['data']

export const OperatorRefundResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ reservation: OperatorReservationSchema }),
})

/** Whether the operator may refund it: an active, paid reservation (started or not). */
export function isRefundableByOperator(row: { status: ReservationStatus; paymentStatus: PaymentStatus }) {
  return row.status === 'active' && row.paymentStatus === 'PAID'
}

export const OperatorBookingRequestsQuerySchema = z.object({ page })

export const OperatorBookingRequestSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_REQUEST_STATUSES),
  cabinId: z.string(),
  cabinName: z.string(),
  checkIn: date,
  checkOut: date,
  nights: z.number().int(),
  guests: z.number().int(),
  totalPrice: z.number().int(),
  createdAt: z.string(),
})
export type OperatorBookingRequest = z.infer<typeof OperatorBookingRequestSchema>

export const OperatorBookingRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    requests: z.array(OperatorBookingRequestSchema),
    ...pageFields,
  }),
})
export type OperatorBookingRequestsPage = z.infer<typeof OperatorBookingRequestsResponseSchema>['data']
