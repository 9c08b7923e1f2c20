import { type CalendarDate, isCalendarDate, nightsBetween } from '../shared/calendar-date.ts'
import { DomainError } from '../shared/errors.ts'
import { integerSchema, textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { type PricedCabin, priceStay, type StayPrice } from './pricing.ts'
import { checkStayDates, MAX_GUESTS, quoteMessages } from './stay-rules.ts'

export * from './quote-response.ts'
export {
  checkStayDates,
  clampGuests,
  MAX_DAYS_AHEAD,
  MAX_GUESTS,
  MAX_STAY_NIGHTS,
  quoteMessages,
} from './stay-rules.ts'

export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `La fecha de ${label} es obligatoria` })
    .refine(isCalendarDate, `La fecha de ${label} no es válida (usa el formato aaaa-mm-dd)`)

/** Guests in a JSON body: a JSON number, never the text '2' (see integerSchema). */
export const guestsSchema = integerSchema('El número de huéspedes debe ser un número entero')
  .min(1, 'Por favor indica el número de huéspedes')
  .max(MAX_GUESTS, `El número de huéspedes no puede ser mayor a ${MAX_GUESTS}`)

export const QuoteRequestSchema = z.object({
  habitacionId: textSchema('cabaña', { required: 'Falta la cabaña a cotizar' })
    .min(1, 'Falta la cabaña a cotizar')
    .max(100),
  checkIn: calendarDateSchema('llegada'),
  checkOut: calendarDateSchema('salida'),
  guests: guestsSchema,
})
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>

export type QuotableCabin = PricedCabin & {
  minOccupancy: number
  maxOccupancy: number
  minNights: number
  restrictions: readonly { message: string }[]
}

export type QuoteInput = {
  cabin: QuotableCabin
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  today: CalendarDate
  /** The request's instant: an arrival today closes at check-in time (see checkStayDates). */
  now?: Date
  /** Whether a live reservation holds any night of the stay (the caller asks the database). */
  isBooked: boolean
}

/**
 * Quotes a stay: every rule in the order a traveller would want to hear about it, then the price.
 * Throws DomainError with the §8 errorType and text.
 */
export function quoteStay({ cabin, checkIn, checkOut, guests, today, now, isBooked }: QuoteInput): StayPrice {
  checkStayDates({ checkIn, checkOut, today, now })
  if (guests > cabin.maxOccupancy) throw new DomainError('CAPACITY_EXCEEDED', quoteMessages.CAPACITY_EXCEEDED)
  if (guests < cabin.minOccupancy) {
    throw new DomainError('CAPACITY_INSUFFICIENT', quoteMessages.CAPACITY_INSUFFICIENT)
  }
  if (nightsBetween(checkIn, checkOut) < cabin.minNights) {
    throw new DomainError('NOCHES_MINIMAS', quoteMessages.NOCHES_MINIMAS)
  }
  const restriction = cabin.restrictions[0]
  if (restriction) throw new DomainError('NOT_AVAILABLE', restriction.message)
  if (isBooked) throw new DomainError('NOT_AVAILABLE', quoteMessages.NOT_AVAILABLE)
  return priceStay(cabin, checkIn, checkOut)
}
