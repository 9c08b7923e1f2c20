import {
  type CalendarDate,
  dayOfWeek,
  fromDayNumber,
  toDayNumber,
  weekdayOfDayNumber,
} from '../shared/calendar-date.ts'
import { applyBasisPoints, type Centavos } from '../shared/money.ts'

/**
 * Service commission charged on top of the host's nightly rates, in basis points (12 %).
 * Every rate is an IVA-included amount; the commission is too.
 */
export const SERVICE_COMMISSION_BPS = 1_200

export function serviceCommissionFor(lodging: Centavos): Centavos {
  return applyBasisPoints(lodging, SERVICE_COMMISSION_BPS)
}

export type CabinRates = {
  /** Host rate for a Sunday–Thursday night, IVA included. */
  weekdayRate: Centavos
  /** Host rate for a Friday or Saturday night, IVA included. */
  weekendRate: Centavos
}

/**
 * The one 'por noche' figure of a stay, everywhere it is shown (cards, map markers and popups, the
 * cabin page, the quote): what the guest pays, commission and IVA included, divided by the nights and
 * rounded to whole pesos (half up). In centavos, so always a multiple of 100.
 */
export function averageNightlyPrice(totalPrice: Centavos, nights: number): Centavos {
  if (!Number.isInteger(nights) || nights < 1) throw new RangeError('A stay needs at least one night')
  return Math.round(totalPrice / (nights * 100)) * 100
}

export type ListPrices = {
  /** The cabin's weekday rate without commission: the 'baseCost' of the spec. */
  baseCost: Centavos
  /** Two weekday nights with commission: the 'basePrice2nights' of the spec. */
  basePrice2nights: Centavos
  /**
   * One weekday night with commission, in whole pesos: the 'Desde $X por noche' price of every surface
   * without dates (cards, cabin page, home). It is the averageNightlyPrice of a one-night weekday stay.
   */
  precioBaseFinal: Centavos
  /** The commission inside precioBaseFinal. */
  comisionServicio: Centavos
}

/** The prices a cabin advertises before any dates are chosen. */
export function listPricesFor(rates: CabinRates): ListPrices {
  const comisionServicio = serviceCommissionFor(rates.weekdayRate)
  const twoNights = rates.weekdayRate * 2
  return {
    baseCost: rates.weekdayRate,
    basePrice2nights: twoNights + serviceCommissionFor(twoNights),
    precioBaseFinal: averageNightlyPrice(rates.weekdayRate + comisionServicio, 1),
    comisionServicio,
  }
}

export type SeasonRate = {
  name: string
  /** First night the season covers. */
  startsOn: CalendarDate
  /** Day after the season's last night (exclusive). */
  endsOn: CalendarDate
  nightlyRate: Centavos
}

/**
 * A price the host set for one night in the calendar (cabin_night_prices): it wins over any season and
 * over the weekday and weekend rates on that night.
 */
export type NightRate = { night: CalendarDate; nightlyRate: Centavos }

export type PricedCabin = CabinRates & {
  seasons: readonly SeasonRate[]
  /** The host's prices for single nights, if any (one per night). */
  nightRates?: readonly NightRate[]
}

export type NightPrice = { night: CalendarDate; rate: Centavos; season: string | null }

export type StayPrice = {
  nights: number
  /** Sum of the nightly host rates. */
  lodging: Centavos
  serviceCommission: Centavos
  /** What the guest pays: lodging + commission, IVA included. */
  totalPrice: Centavos
  /** averageNightlyPrice(totalPrice, nights): whole pesos, the stay's 'por noche' everywhere. */
  pricePerNight: Centavos
  breakdown: NightPrice[]
}

/** Friday and Saturday nights are weekend nights. */
export function isWeekendNight(night: CalendarDate): boolean {
  const day = dayOfWeek(night)
  return day === 5 || day === 6
}

function isWeekendDay(dayNumber: number): boolean {
  const day = weekdayOfDayNumber(dayNumber)
  return day === 5 || day === 6
}

/**
 * The host rate of one night: the host's price for that night wins, then a season covering it, else the
 * weekend or weekday rate.
 */
export function nightlyRateOn(cabin: PricedCabin, night: CalendarDate): NightPrice {
  const custom = cabin.nightRates?.find((r) => r.night === night)
  if (custom) return { night, rate: custom.nightlyRate, season: null }
  const season = cabin.seasons.find((s) => s.startsOn <= night && night < s.endsOn)
  if (season) return { night, rate: season.nightlyRate, season: season.name }
  return { night, rate: isWeekendNight(night) ? cabin.weekendRate : cabin.weekdayRate, season: null }
}

/** The totals of a stay from the sum of its nightly host rates. */
function stayTotals(lodging: Centavos, nights: number): Omit<StayPrice, 'breakdown'> {
  const serviceCommission = serviceCommissionFor(lodging)
  const totalPrice = lodging + serviceCommission
  return {
    nights,
    lodging,
    serviceCommission,
    totalPrice,
    pricePerNight: averageNightlyPrice(totalPrice, nights),
  }
}

/**
 * priceStay's totals for a stay no season or night price touches, on day numbers: [firstDay, firstDay + nights).
 * Search prices every result with it; priceStay uses it for such stays too, so they cannot differ.
 */
export function priceStayWithoutSeasons(
  rates: CabinRates,
  firstDay: number,
  nights: number,
): Omit<StayPrice, 'breakdown'> {
  let lodging = 0
  for (let day = firstDay; day < firstDay + nights; day++)
    lodging += isWeekendDay(day) ? rates.weekendRate : rates.weekdayRate
  return stayTotals(lodging, nights)
}

/**
 * The one price of a stay: every price the product shows or charges comes from here.
 * Callers validate the dates first (checkOut after checkIn). `withBreakdown: false` skips listing
 * the nights (search prices hundreds of stays a second and shows totals only); the totals are the same.
 */
export function priceStay(
  cabin: PricedCabin,
  checkIn: CalendarDate,
  checkOut: CalendarDate,
  { withBreakdown = true }: { withBreakdown?: boolean } = {},
): StayPrice {
  const first = toDayNumber(checkIn)
  const nights = toDayNumber(checkOut) - first
  if (nights < 1) throw new RangeError('A stay needs at least one night')
  // Only seasons and night prices that touch the stay matter (dates compare as strings).
  const seasons = cabin.seasons.filter((s) => s.startsOn < checkOut && checkIn < s.endsOn)
  const nightRates = cabin.nightRates?.filter((r) => checkIn <= r.night && r.night < checkOut) ?? []
  const special = seasons.length > 0 || nightRates.length > 0
  if (!special && !withBreakdown) return { ...priceStayWithoutSeasons(cabin, first, nights), breakdown: [] }
  const breakdown: NightPrice[] = []
  let lodging = 0
  for (let day = first; day < first + nights; day++) {
    // Night strings are only needed to match seasons and night prices, or to list the nights.
    const night = special || withBreakdown ? fromDayNumber(day) : ''
    const custom = nightRates.length > 0 ? nightRates.find((r) => r.night === night) : undefined
    const season =
      !custom && seasons.length > 0 ? seasons.find((s) => s.startsOn <= night && night < s.endsOn) : undefined
    const rate = custom
      ? custom.nightlyRate
      : season
        ? season.nightlyRate
        : isWeekendDay(day)
          ? cabin.weekendRate
          : cabin.weekdayRate
    lodging += rate
    if (withBreakdown) breakdown.push({ night, rate, season: season ? season.name : null })
  }
  return { ...stayTotals(lodging, nights), breakdown }
}
