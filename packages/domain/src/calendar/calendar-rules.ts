import { LISTING_LIMITS } from '../listings/listing-rules.ts'
import { isWeekendNight, type NightRate, type PricedCabin, type SeasonRate } from '../quotes/pricing.ts'
import { MAX_DAYS_AHEAD, MAX_STAY_NIGHTS } from '../quotes/stay-rules.ts'
import { addDays, type CalendarDate, nightsBetween } from '../shared/calendar-date.ts'
import { DomainError } from '../shared/errors.ts'
import { formatMxn } from '../shared/money.ts'

/** '1,250' or '$1,250' typed by the host → centavos, or null when it is not whole pesos (the listing editor's reading). */
export { pesosToCentavos } from '../listings/listing-rules.ts'

/*
 * The host's calendar (issue 21, point 6): nights blocked with a private note, prices for single nights,
 * and the reservations, one cabin at a time. A range of nights is [startsOn, endsOn): its first night
 * and the day after its last, as seasons and reservations are.
 */

export const CALENDAR_LIMITS = {
  /** Nights one block, unblock or price change covers at most. */
  rangeNights: 365,
  /**
   * The last day a change may reach, counted from today: a guest can arrive up to MAX_DAYS_AHEAD days
   * ahead and stay MAX_STAY_NIGHTS nights; nights beyond can never be booked.
   */
  daysAhead: MAX_DAYS_AHEAD + MAX_STAY_NIGHTS,
  /** The private note of a block. */
  note: 200,
  /** Days one read of the calendar covers at most: a month's six-week grid fits with room to spare. */
  readDays: 93,
  /** A night's own price: the listing's nightly limits (whole pesos). */
  nightlyRate: LISTING_LIMITS.nightlyRate,
} as const

/** Where blocked nights come from: the host's calendar; issue 22 adds imported calendars ('ical'). */
export const BLOCK_SOURCES = ['host', 'ical'] as const
export type BlockSource = (typeof BLOCK_SOURCES)[number]

export const calendarMessages = {
  startDate: 'Falta la primera noche o no es una fecha válida (usa el formato aaaa-mm-dd)',
  endDate: 'Falta el final del rango o no es una fecha válida (usa el formato aaaa-mm-dd)',
  order: 'El rango debe terminar después de su primera noche',
  tooLong: `Puedes cambiar como máximo ${CALENDAR_LIMITS.rangeNights} noches a la vez`,
  past: 'Esas noches ya pasaron: elige noches a partir de hoy',
  tooFar: 'Solo puedes cambiar noches de los próximos dos años',
  note: `La nota admite como máximo ${CALENDAR_LIMITS.note} caracteres`,
  rateMissing: 'Escribe el precio por noche',
  rateWhole: 'El precio debe ser un número entero de centavos',
  rateNegative: 'El precio no puede ser negativo',
  rateMin: `El precio por noche debe ser de al menos ${formatMxn(CALENDAR_LIMITS.nightlyRate.min)}`,
  rateMax: `El precio por noche no puede ser mayor a ${formatMxn(CALENDAR_LIMITS.nightlyRate.max)}`,
  ratePesos: 'El precio debe ser en pesos enteros, sin centavos',
  readOrder: 'El final del periodo debe ser posterior a su inicio',
  readTooLong: `Se pueden leer como máximo ${CALENDAR_LIMITS.readDays} días a la vez`,
  /** 409 NOT_AVAILABLE: a block over a live reservation (or a hold being paid right now). */
  overReservation:
    'Esas noches ya tienen una reservación: no se pueden bloquear. Elige noches libres o revisa la reservación en tu calendario.',
  /** 409 NOT_AVAILABLE: a block over nights already blocked. */
  overBlock: 'Algunas de esas noches ya están bloqueadas. Desbloquéalas primero o elige solo noches libres.',
  /** 409 CONFLICT: the listing has no cabin yet (draft, submitted or returned). */
  notPublished: 'El calendario se abre cuando tu cabaña ya está publicada.',
  /** As every listing address says of another host's listing (listingApiMessages.notFound). */
  listingNotFound: 'No encontramos ese anuncio',
  blockNotFound: 'Ese bloqueo ya no existe: puede que ya lo hayas quitado.',
} as const

export type NightRange = { startsOn: CalendarDate; endsOn: CalendarDate }

/**
 * A change of nights (block, unblock, prices) checked against Mexico City's today: the nights must not
 * have passed and must be bookable some day. The schemas check the dates' form, order and length; this
 * needs today, so the API calls it in the handler and the web before sending. Throws INVALID_DATE.
 */
export function checkNightsChange({ startsOn, endsOn }: NightRange, today: CalendarDate): void {
  if (startsOn < today) throw new DomainError('INVALID_DATE', calendarMessages.past)
  if (nightsBetween(today, endsOn) > CALENDAR_LIMITS.daysAhead)
    throw new DomainError('INVALID_DATE', calendarMessages.tooFar)
}

export type NightRateKind = 'weekday' | 'weekend' | 'season' | 'custom'

export type CalendarNightPrice = {
  date: CalendarDate
  /** The host's rate of the night, IVA included, without the guest's commission. */
  rate: number
  /** Where the rate comes from: the weekday or weekend rate, a season, or the night's own price. */
  kind: NightRateKind
  /** The season's name when a season sets it. */
  season: string | null
}

/**
 * The host's rate of every night of [from, to), and where each comes from: the same order as priceStay
 * (the night's own price, then a season, then the weekend or weekday rate).
 */
export function calendarNightPrices(
  cabin: PricedCabin & { seasons: readonly SeasonRate[]; nightRates: readonly NightRate[] },
  from: CalendarDate,
  to: CalendarDate,
): CalendarNightPrice[] {
  const own = new Map(cabin.nightRates.map((r) => [r.night, r.nightlyRate]))
  const nights: CalendarNightPrice[] = []
  for (let date = from; date < to; date = addDays(date, 1)) {
    const rate = own.get(date)
    if (rate !== undefined) {
      nights.push({ date, rate, kind: 'custom', season: null })
      continue
    }
    const season = cabin.seasons.find((s) => s.startsOn <= date && date < s.endsOn)
    if (season) nights.push({ date, rate: season.nightlyRate, kind: 'season', season: season.name })
    else if (isWeekendNight(date))
      nights.push({ date, rate: cabin.weekendRate, kind: 'weekend', season: null })
    else nights.push({ date, rate: cabin.weekdayRate, kind: 'weekday', season: null })
  }
  return nights
}

/**
 * The nights of [startsOn, endsOn) left blocked by each block once the range is unblocked: a block
 * inside the range goes, one across an end is trimmed, one around the range is split in two.
 */
export function remainingAfterUnblock<B extends NightRange>(block: B, range: NightRange): NightRange[] {
  const parts: NightRange[] = []
  if (block.startsOn < range.startsOn)
    parts.push({
      startsOn: block.startsOn,
      endsOn: block.endsOn < range.startsOn ? block.endsOn : range.startsOn,
    })
  if (block.endsOn > range.endsOn)
    parts.push({
      startsOn: block.startsOn > range.endsOn ? block.startsOn : range.endsOn,
      endsOn: block.endsOn,
    })
  return parts
}
