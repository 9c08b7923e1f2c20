import type { CheckoutSummary } from '@cabanas/domain/bookings'
import { type CalendarDate, isCalendarDate } from '@cabanas/domain/shared'

/** The stay a checkout is for, as its address carries it (`?cabin&checkIn&checkOut&guests`, app/paths). */
export type CheckoutStay = { cabinId: string; checkIn: CalendarDate; checkOut: CalendarDate; guests: number }

const MAX_ID_LENGTH = 100

/** The stay of the checkout's address, or null when the address carries none (or not a whole one). */
export function readCheckoutStay(search: URLSearchParams): CheckoutStay | null {
  const cabinId = search.get('cabin') ?? ''
  const checkIn = search.get('checkIn') ?? ''
  const checkOut = search.get('checkOut') ?? ''
  const guests = Number(search.get('guests'))
  if (!cabinId || cabinId.length > MAX_ID_LENGTH) return null
  if (!isCalendarDate(checkIn) || !isCalendarDate(checkOut)) return null
  if (!Number.isInteger(guests) || guests < 1 || guests > 99) return null
  return { cabinId, checkIn, checkOut, guests }
}

/** Whether a summary handed over (navigation state, session copy) is the one of this stay. */
export function isSummaryOfStay(summary: CheckoutSummary, stay: CheckoutStay): boolean {
  return (
    summary.cabinId === stay.cabinId &&
    summary.checkIn === stay.checkIn &&
    summary.checkOut === stay.checkOut &&
    summary.guests === stay.guests
  )
}

/** The key a stay's things are kept under in session storage (the form's draft). */
export function stayKey({
  cabinId,
  checkIn,
  checkOut,
  guests,
}: Omit<CheckoutStay, 'checkIn' | 'checkOut'> & { checkIn: string; checkOut: string }): string {
  return `${cabinId}/${checkIn}/${checkOut}/${guests}`
}
