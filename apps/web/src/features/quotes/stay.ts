import { clampGuests } from '@cabanas/domain/bookings'
import { type CalendarDate, isCalendarDate, nightsBetween } from '@cabanas/domain/shared'

/** Spec §9: the quote is asked for this long after the dates and guests stop changing. */
export const QUOTE_DEBOUNCE_MS = 500
/** Spec §9: a quoted stay reaches the address bar this long after the quote. */
export const STAY_URL_SYNC_DELAY_MS = 1000

/** The stay being chosen in the booking widget. Dates are 'yyyy-MM-dd'. */
export type Stay = {
  checkIn: CalendarDate | undefined
  checkOut: CalendarDate | undefined
  guests: number
}

/** A stay the server has quoted: what goes to the address bar, the checkout and the request dialog. */
export type QuotedStay = {
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  nights: number
  totalPrice: number
}

/**
 * A reservation of this cabin that this browser made (it keeps the trip's secret): the widget shows it
 * instead of 'No disponible' when the dates asked for are taken by it.
 */
export type OwnReservation = { checkIn: CalendarDate; checkOut: CalendarDate; tripHref: string }

export type Occupancy = { minOccupancy: number; maxOccupancy: number }

/** The stay the page opens with: the query string's values where valid, guests within the occupancy. */
export function initialStay(
  params: { checkIn?: string | null; checkOut?: string | null; guests?: string | number | null },
  occupancy: Occupancy,
): Stay {
  const date = (value: string | null | undefined) => (value && isCalendarDate(value) ? value : undefined)
  const guests = Number(params.guests)
  return {
    checkIn: date(params.checkIn),
    checkOut: date(params.checkOut),
    guests: clampGuests(Number.isFinite(guests) && guests > 0 ? guests : 1, occupancy),
  }
}

/** The stay of a cabin page's address (`?checkIn&checkOut&guests`): the page and its server loader read it alike. */
export function stayInAddress(search: URLSearchParams, occupancy: Occupancy): Stay {
  return initialStay(
    { checkIn: search.get('checkIn'), checkOut: search.get('checkOut'), guests: search.get('guests') },
    occupancy,
  )
}

export function nightsOf({ checkIn, checkOut }: Pick<Stay, 'checkIn' | 'checkOut'>): number {
  return checkIn && checkOut ? Math.max(0, nightsBetween(checkIn, checkOut)) : 0
}

/** Spec §2: 'Exactamente 4 huéspedes' or '1 - 6 huéspedes'. */
export function occupancyLabel({ minOccupancy, maxOccupancy }: Occupancy): string {
  if (minOccupancy === maxOccupancy) {
    return `Exactamente ${maxOccupancy} ${maxOccupancy === 1 ? 'huésped' : 'huéspedes'}`
  }
  return `${minOccupancy} - ${maxOccupancy} huéspedes`
}
