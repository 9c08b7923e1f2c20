import { REQUEST_ANSWER_HOURS } from '../bookings/booking-request.ts'
import { addDays, type CalendarDate } from '../shared/calendar-date.ts'
import { z } from '../shared/zod.ts'

/*
 * Issue 22, 'Hoy': the host's home. What happens in the host's cabins today and in the next
 * HOST_TODAY_DAYS days (arrivals, departures), the requests to book still waiting for an answer, the
 * bookings of the last HOST_TODAY_DAYS days and the imported events that collide with the calendar.
 */

/** Arrivals and departures from today to today + 7 (both included); bookings made in the last 7 days. */
export const HOST_TODAY_DAYS = 7
/** A request with less than this many hours left to answer is shown in red. */
export const URGENT_REQUEST_HOURS = 6

export const HOST_TODAY_API = '/api/hosts/me/today'

const HOUR_MS = 3_600_000

/** The days 'Hoy' covers, in Mexico City's calendar: [from, to], both included. */
export function hostTodayWindow(today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  return { from: today, to: addDays(today, HOST_TODAY_DAYS) }
}

/** The instant a request to book expires unless the host answers it: REQUEST_ANSWER_HOURS after it was made. */
export function requestAnswerDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS)
}

/** Whole hours (or minutes, under an hour) left until `deadline`, as the host reads it. */
export function timeLeftLabel(deadline: Date, now: Date): string {
  const left = deadline.getTime() - now.getTime()
  if (left <= 0) return 'Plazo vencido'
  if (left < HOUR_MS) return `Quedan ${Math.max(1, Math.floor(left / 60_000))} min`
  return `Quedan ${Math.floor(left / HOUR_MS)} h`
}

/** Under URGENT_REQUEST_HOURS left (or already over): the host should answer now. */
export function isUrgentRequest(deadline: Date, now: Date): boolean {
  return deadline.getTime() - now.getTime() < URGENT_REQUEST_HOURS * HOUR_MS
}

const centavos = z.number().int()

/** An arrival or a departure: whose (first name only), where and when. */
export const HostTodayStaySchema = z.object({
  reservationId: z.string(),
  cabinName: z.string(),
  guestFirstName: z.string(),
  guests: z.number().int(),
  nights: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** The day of the arrival (check-in) or the departure (check-out). */
  day: z.string(),
})
export type HostTodayStay = z.infer<typeof HostTodayStaySchema>

/** A request to book waiting for the host's answer until `deadline` (an ISO instant). */
export const HostTodayRequestSchema = z.object({
  requestId: z.string(),
  cabinName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  guests: z.number().int(),
  totalPrice: centavos,
  createdAt: z.string(),
  deadline: z.string(),
})
export type HostTodayRequest = z.infer<typeof HostTodayRequestSchema>

/** A paid reservation made in the last HOST_TODAY_DAYS days. */
export const HostTodayBookingSchema = z.object({
  reservationId: z.string(),
  cabinName: z.string(),
  guestFirstName: z.string(),
  guests: z.number().int(),
  nights: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** What the guest paid, service fee included. */
  totalPrice: centavos,
  createdAt: z.string(),
})
export type HostTodayBooking = z.infer<typeof HostTodayBookingSchema>

/** An imported event that could not become a block: its nights were taken already. */
export const HostTodayConflictSchema = z.object({
  id: z.string(),
  cabinName: z.string(),
  /** The cabin's listing, whose calendar shows the conflict (null for a cabin without one). */
  listingId: z.string().nullable(),
  feedName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  over: z.enum(['reservation', 'block']),
})
export type HostTodayConflict = z.infer<typeof HostTodayConflictSchema>

export const HostTodaySchema = z.object({
  /** Mexico City's date the answer was made for, and the last day it covers. */
  today: z.string(),
  until: z.string(),
  arrivals: z.array(HostTodayStaySchema),
  departures: z.array(HostTodayStaySchema),
  requests: z.array(HostTodayRequestSchema),
  recentBookings: z.array(HostTodayBookingSchema),
  conflicts: z.array(HostTodayConflictSchema),
  counts: z.object({
    arrivalsToday: z.number().int(),
    departuresToday: z.number().int(),
    arrivals: z.number().int(),
    departures: z.number().int(),
    requests: z.number().int(),
    urgentRequests: z.number().int(),
    recentBookings: z.number().int(),
    conflicts: z.number().int(),
  }),
})
export type HostToday = z.infer<typeof HostTodaySchema>

export const HostTodayResponseSchema = z.object({ success: z.literal(true), data: HostTodaySchema })
export type HostTodayResponse = z.infer<typeof HostTodayResponseSchema>
