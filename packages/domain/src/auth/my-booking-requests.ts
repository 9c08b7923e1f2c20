import { z } from '../shared/zod.ts'

/**
 * A request to book ('Solicitar reserva') as Mis Reservas lists it for its account: asked of the
 * host, nothing paid, no night held. Money in centavos.
 */
export const BOOKING_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'paid'] as const
export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUSES)[number]

export const bookingRequestStatusLabels: Record<BookingRequestStatus, string> = {
  pending: 'Solicitud pendiente',
  accepted: 'Solicitud aceptada',
  declined: 'Solicitud rechazada',
  expired: 'Solicitud vencida',
  paid: 'Solicitud pagada',
}

export const MyBookingRequestSchema = z.object({
  requestId: z.string(),
  cabinId: z.string(),
  cabinName: z.string(),
  /** 'población, estado' */
  location: z.string(),
  /** The cabin's cover (relative path), or null. */
  image: z.string().nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guests: z.number().int(),
  /** The quote when asked, IVA included. */
  totalPrice: z.number().int(),
  status: z.enum(BOOKING_REQUEST_STATUSES),
  createdAt: z.string(),
  /** Until when the host may answer (pending). */
  answerBy: z.string().optional(),
  /** Until when the guest may pay (accepted). */
  payBy: z.string().nullable().optional(),
  /** The host's message with a decline, if any. */
  declineMessage: z.string().nullable().optional(),
})
export type MyBookingRequest = z.infer<typeof MyBookingRequestSchema>

/** GET /auth/booking-requests: the signed-in client's requests to book, latest stay first. */
export const MyBookingRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ requests: z.array(MyBookingRequestSchema) }),
})
