import { REQUEST_ANSWER_HOURS } from '@cabanas/domain/bookings'
import {
  HOST_TODAY_DAYS,
  type HostTodayBooking,
  type HostTodayConflict,
  type HostTodayRequest,
  type HostTodayStay,
  hostTodayWindow,
  requestAnswerDeadline,
} from '@cabanas/domain/hosts'
import { MAX_STAY_NIGHTS } from '@cabanas/domain/quotes'
import { addDays, type CalendarDate } from '@cabanas/domain/shared'
import { and, asc, desc, eq, gt, gte, inArray, lte, or } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import {
  bookingRequests,
  cabinCalendarConflicts,
  cabinCalendarFeeds,
  cabins,
  listings,
  reservations,
} from '../../db/schema.ts'

/*
 * 'Hoy' (issue 22): four queries, each over the host's cabins (cabins_host_idx) joined to the rows of
 * those cabins by an index on (cabin, date): reservations_cabin_dates_idx, booking_requests_cabin_idx
 * and cabin_calendar_conflicts_cabin_idx. Every check-in range below has a lower bound, so the scan
 * reads the cabin's stays around the window, never its whole history.
 */

/** A paid stay as 'Hoy' shows it: the guest's first name only. */
const stayColumns = {
  reservationId: reservations.id,
  cabinName: cabins.name,
  guestFirstName: reservations.guestFirstName,
  guests: reservations.guests,
  nights: reservations.nights,
  checkIn: reservations.checkIn,
  checkOut: reservations.checkOut,
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** Arrivals (check-in in the window) and departures (check-out in the window) of paid stays. */
export async function listHostArrivalsAndDepartures(
  db: Database,
  { hostId, today }: { hostId: string; today: CalendarDate },
): Promise<{ arrivals: HostTodayStay[]; departures: HostTodayStay[] }> {
  const { from, to } = hostTodayWindow(today)
  const rows = await db
    .select(stayColumns)
    .from(cabins)
    .innerJoin(reservations, eq(reservations.cabinId, cabins.id))
    .where(
      and(
        eq(cabins.hostId, hostId),
        // No stay is longer than MAX_STAY_NIGHTS: a departure in the window checked in after this.
        gte(reservations.checkIn, addDays(from, -MAX_STAY_NIGHTS)),
        lte(reservations.checkIn, to),
        or(
          gte(reservations.checkIn, from),
          and(gte(reservations.checkOut, from), lte(reservations.checkOut, to)),
        ),
        eq(reservations.paymentStatus, 'PAID'),
        // A stay becomes 'completed' on its check-out day: still today's departure.
        inArray(reservations.status, ['active', 'completed']),
      ),
    )
    .orderBy(asc(reservations.checkIn), asc(cabins.name), asc(reservations.id))
  const inWindow = (day: string) => day >= from && day <= to
  const arrivals = rows.filter((row) => inWindow(row.checkIn)).map((row) => ({ ...row, day: row.checkIn }))
  const departures = rows
    .filter((row) => inWindow(row.checkOut))
    .map((row) => ({ ...row, day: row.checkOut }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.cabinName.localeCompare(b.cabinName))
  return { arrivals, departures }
}

/**
 * Requests to book still waiting: pending and made less than REQUEST_ANSWER_HOURS ago (an older one can
 * no longer be answered, whether or not it was marked expired yet). Most urgent first.
 */
export async function listHostWaitingRequests(
  db: Database,
  { hostId, today, now }: { hostId: string; today: CalendarDate; now: Date },
): Promise<HostTodayRequest[]> {
  const rows = await db
    .select({
      requestId: bookingRequests.id,
      cabinName: cabins.name,
      checkIn: bookingRequests.checkIn,
      checkOut: bookingRequests.checkOut,
      nights: bookingRequests.nights,
      guests: bookingRequests.guests,
      totalPrice: bookingRequests.totalPrice,
      createdAt: bookingRequests.createdAt,
    })
    .from(cabins)
    .innerJoin(bookingRequests, eq(bookingRequests.cabinId, cabins.id))
    .where(
      and(
        eq(cabins.hostId, hostId),
        // A request made in the last day asks for a stay from yesterday on (the index's range).
        gte(bookingRequests.checkIn, addDays(today, -1)),
        eq(bookingRequests.status, 'pending'),
        gt(bookingRequests.createdAt, new Date(now.getTime() - REQUEST_ANSWER_HOURS * HOUR_MS)),
      ),
    )
    .orderBy(asc(bookingRequests.createdAt), asc(bookingRequests.id))
  return rows.map(({ createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    deadline: requestAnswerDeadline(createdAt).toISOString(),
  }))
}

/** Paid reservations made in the last HOST_TODAY_DAYS days, newest first. */
export async function listHostRecentBookings(
  db: Database,
  { hostId, today, now }: { hostId: string; today: CalendarDate; now: Date },
): Promise<HostTodayBooking[]> {
  const rows = await db
    .select({
      ...stayColumns,
      totalPrice: reservations.totalPrice,
      createdAt: reservations.createdAt,
    })
    .from(cabins)
    .innerJoin(reservations, eq(reservations.cabinId, cabins.id))
    .where(
      and(
        eq(cabins.hostId, hostId),
        // A stay booked in the last 7 days starts on the day it was booked or later.
        gte(reservations.checkIn, addDays(today, -(HOST_TODAY_DAYS + 1))),
        gt(reservations.createdAt, new Date(now.getTime() - HOST_TODAY_DAYS * DAY_MS)),
        eq(reservations.paymentStatus, 'PAID'),
        inArray(reservations.status, ['active', 'completed']),
      ),
    )
    .orderBy(desc(reservations.createdAt), asc(reservations.id))
  return rows.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }))
}

/** Imported events over taken nights that still matter: those ending after today. */
export async function listHostOpenConflicts(
  db: Database,
  { hostId, today }: { hostId: string; today: CalendarDate },
): Promise<HostTodayConflict[]> {
  return db
    .select({
      id: cabinCalendarConflicts.id,
      cabinName: cabins.name,
      listingId: listings.id,
      feedName: cabinCalendarFeeds.name,
      startsOn: cabinCalendarConflicts.startsOn,
      endsOn: cabinCalendarConflicts.endsOn,
      over: cabinCalendarConflicts.over,
    })
    .from(cabins)
    .innerJoin(cabinCalendarConflicts, eq(cabinCalendarConflicts.cabinId, cabins.id))
    .innerJoin(cabinCalendarFeeds, eq(cabinCalendarFeeds.id, cabinCalendarConflicts.feedId))
    .leftJoin(listings, eq(listings.cabinId, cabins.id))
    .where(and(eq(cabins.hostId, hostId), gt(cabinCalendarConflicts.endsOn, today)))
    .orderBy(asc(cabinCalendarConflicts.startsOn), asc(cabinCalendarConflicts.id))
}
