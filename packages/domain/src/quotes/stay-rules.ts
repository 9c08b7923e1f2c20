import { type CalendarDate, nightsBetween } from '../shared/calendar-date.ts'
import { CHECK_IN_TIME, isCheckInTimePassed } from '../shared/check-in.ts'
import { DomainError } from '../shared/errors.ts'

/*
 * The rules of a stay's dates and size, without zod: the header search checks them in every page's
 * first view, and zod (25 KB gzip) stays with the schemas of quote.ts, which re-exports these.
 */

/** The §8 texts of each quote errorType. */
export const quoteMessages = {
  INVALID_DATE: 'La fecha seleccionada no es válida',
  pastArrival: 'La fecha de llegada no puede ser anterior a hoy',
  /** Today after check-in time: the stay would start before it is booked. */
  checkInTimePassed: `Ya pasó la hora de entrada de hoy (${CHECK_IN_TIME}, hora de la Ciudad de México). Elige como llegada mañana o una fecha posterior.`,
  tooFarAhead: 'Solo se puede reservar hasta dos años a partir de hoy',
  INVALID_DATE_RANGE: 'El rango de fechas seleccionado no es válido',
  dateOrder: 'La fecha de salida debe ser posterior a la fecha de llegada',
  stayTooLong: 'La estancia no puede ser mayor a 90 noches',
  CABIN_NOT_FOUND: 'La cabaña no fue encontrada',
  CAPACITY_EXCEEDED: 'Excede la capacidad máxima',
  CAPACITY_INSUFFICIENT: 'No cumple la capacidad mínima',
  NOCHES_MINIMAS: 'No cumple con la estancia mínima requerida',
  NOT_AVAILABLE: 'No disponible para las fechas seleccionadas',
  SERVER_ERROR: 'Error del servidor. Intenta nuevamente.',
  connection: 'Error de conexión. Por favor, intenta nuevamente.',
  unknown: 'Error desconocido',
  widgetCatch: 'Error al verificar disponibilidad',
} as const

export const MAX_STAY_NIGHTS = 90
export const MAX_DAYS_AHEAD = 730
export const MAX_GUESTS = 50

/**
 * The dates of a stay, checked against today (Mexico City): the first checks of every quote. With
 * `now` (every request passes it), an arrival today is refused once today's check-in time has passed.
 */
export function checkStayDates({
  checkIn,
  checkOut,
  today,
  now,
}: {
  checkIn: CalendarDate
  checkOut: CalendarDate
  today: CalendarDate
  now?: Date
}): number {
  if (checkIn < today) throw new DomainError('INVALID_DATE', quoteMessages.pastArrival)
  if (now && checkIn === today && isCheckInTimePassed(today, now)) {
    throw new DomainError('INVALID_DATE', quoteMessages.checkInTimePassed)
  }
  const nights = nightsBetween(checkIn, checkOut)
  if (nights < 1) throw new DomainError('INVALID_DATE_RANGE', quoteMessages.dateOrder)
  if (nights > MAX_STAY_NIGHTS) throw new DomainError('INVALID_DATE_RANGE', quoteMessages.stayTooLong)
  if (nightsBetween(today, checkIn) > MAX_DAYS_AHEAD)
    throw new DomainError('INVALID_DATE', quoteMessages.tooFarAhead)
  return nights
}

/** Guests outside the cabin's occupancy are brought back into it (spec §5). */
export function clampGuests(
  guests: number,
  { minOccupancy, maxOccupancy }: { minOccupancy: number; maxOccupancy: number },
) {
  return Math.min(maxOccupancy, Math.max(minOccupancy, Math.round(guests) || minOccupancy))
}
