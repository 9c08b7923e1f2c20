import { HOST_FEE_BPS } from '../listings/listing-payout.ts'
import type { CalendarDate } from '../shared/calendar-date.ts'
import { applyBasisPoints, type Centavos } from '../shared/money.ts'

/**
 * What the marketplace takes from the host's share of a stay, in basis points: the listing editor's
 * HOST_FEE_BPS (listings/listing-payout.ts), zero today, so that what the editor promises hosts
 * ('Recibes') is what they are paid. The marketplace's income is the 12 % service fee the guest pays
 * on top (quotes/pricing.ts). See docs/decisions.md, "Payouts".
 */
export const HOST_COMMISSION_BPS = HOST_FEE_BPS

/** 'YYYY-MM': the calendar month a stay is paid out in (the month of its check-out). */
export type PayoutMonth = string

export const PAYOUT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** The month of a date: '2026-05-31' → '2026-05'. */
export function monthOf(date: CalendarDate): PayoutMonth {
  return date.slice(0, 7)
}

/** The month after `month`: '2026-12' → '2027-01'. */
export function nextMonth(month: PayoutMonth): PayoutMonth {
  const year = Number(month.slice(0, 4))
  const m = Number(month.slice(5, 7))
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`
}

/** The money of one line of a payout: every amount in integer centavos. */
export type PayoutAmounts = {
  /** What the guest paid (total price, service fee included). */
  guestPaid: Centavos
  /** What was given back to the guest. */
  refunded: Centavos
  /** The guest's service fee the marketplace keeps ('Tarifa de servicio'). */
  serviceFee: Centavos
  /** What the marketplace takes from the host's share (HOST_COMMISSION_BPS). */
  hostCommission: Centavos
  /** What the host is owed. */
  hostAmount: Centavos
  /** serviceFee + hostCommission. */
  marketplaceIncome: Centavos
}

/** A reservation as the ledger reads it: the money rows of a stay whose guest paid. */
export type LedgerReservation = {
  id: string
  cabinName: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  /** Everything the guest paid, service fee included. */
  totalPrice: Centavos
  /** The service fee inside totalPrice. */
  serviceCommission: Centavos
  /** What was refunded of totalPrice (0 … totalPrice). */
  refunded: Centavos
}

/** Half-up rounding of a × b / c with integers of any size (no float drift past 2^53). */
function mulDivRound(a: number, b: number, c: number): number {
  if (c === 0) return 0
  const numerator = BigInt(a) * BigInt(b) * 2n + BigInt(c)
  return Number(numerator / (BigInt(c) * 2n))
}

/**
 * The split of one paid stay. The guest paid `totalPrice`; a refund gives back part of it, taken from
 * the service fee and the host's share in proportion (a full refund leaves nothing to anyone). What is
 * kept is the host's share minus the host commission, plus the marketplace's income; the two add up to
 * what the guest paid minus the refund, to the centavo, by construction.
 */
export function splitStay(
  stay: Pick<LedgerReservation, 'totalPrice' | 'serviceCommission' | 'refunded'>,
): PayoutAmounts {
  const guestPaid = stay.totalPrice
  const refunded = Math.min(Math.max(stay.refunded, 0), guestPaid)
  const kept = guestPaid - refunded
  const serviceFee =
    refunded === 0 ? stay.serviceCommission : mulDivRound(stay.serviceCommission, kept, guestPaid)
  const hostShare = kept - serviceFee
  const hostCommission = applyBasisPoints(hostShare, HOST_COMMISSION_BPS)
  return {
    guestPaid,
    refunded,
    serviceFee,
    hostCommission,
    hostAmount: hostShare - hostCommission,
    marketplaceIncome: serviceFee + hostCommission,
  }
}

export const ZERO_AMOUNTS: PayoutAmounts = {
  guestPaid: 0,
  refunded: 0,
  serviceFee: 0,
  hostCommission: 0,
  hostAmount: 0,
  marketplaceIncome: 0,
}

const AMOUNT_KEYS = Object.keys(ZERO_AMOUNTS) as (keyof PayoutAmounts)[]

export function addAmounts(a: PayoutAmounts, b: PayoutAmounts): PayoutAmounts {
  const sum = { ...a }
  for (const key of AMOUNT_KEYS) sum[key] = a[key] + b[key]
  return sum
}

export function subtractAmounts(a: PayoutAmounts, b: PayoutAmounts): PayoutAmounts {
  const difference = { ...a }
  for (const key of AMOUNT_KEYS) difference[key] = a[key] - b[key]
  return difference
}

function isZero(amounts: PayoutAmounts): boolean {
  return AMOUNT_KEYS.every((key) => amounts[key] === 0)
}

/**
 * One line of a month: a stay that checked out that month ('stay'), or the change to a stay of an
 * earlier, already paid month (a refund after the payout, a stay that became payable late),
 * carried to the first unpaid month after it ('adjustment').
 */
export type PayoutLine = PayoutAmounts & {
  kind: 'stay' | 'adjustment'
  reservationId: string
  cabinName: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  /** For an adjustment: the paid month it corrects. */
  adjusts: PayoutMonth | null
}

/** A month already paid: its lines as they were when it was paid (frozen). */
export type PaidMonth = { month: PayoutMonth; lines: readonly PayoutLine[] }

export type PayoutMonthReport = {
  month: PayoutMonth
  lines: PayoutLine[]
  totals: PayoutAmounts
  /** True when this month's lines are those frozen by its payout. */
  frozen: boolean
}

function totalsOf(lines: readonly PayoutLine[]): PayoutAmounts {
  return lines.reduce<PayoutAmounts>((sum, line) => addAmounts(sum, line), ZERO_AMOUNTS)
}

/**
 * A host's payout months. A stay counts in the month of its check-out. A paid month shows the lines
 * frozen by its payout, whatever happened since; whatever changed since then for one of its stays (a
 * refund), or a stay of a paid month the ledger learns of late, becomes an adjustment in the first
 * unpaid month after it. Every centavo the guests kept paying is in exactly one month, so the months'
 * host amounts plus the marketplace's income add up to what guests paid minus refunds.
 * Months come newest first.
 */
export function buildPayoutReport(
  stays: readonly LedgerReservation[],
  paid: readonly PaidMonth[],
): PayoutMonthReport[] {
  const paidMonths = new Map(paid.map((month) => [month.month, month]))
  const firstUnpaidAfter = (month: PayoutMonth) => {
    let candidate = nextMonth(month)
    while (paidMonths.has(candidate)) candidate = nextMonth(candidate)
    return candidate
  }
  // What each reservation has been paid so far, and the last paid month that carries it.
  const frozen = new Map<string, { amounts: PayoutAmounts; lastMonth: PayoutMonth }>()
  for (const month of [...paid].sort((a, b) => a.month.localeCompare(b.month))) {
    for (const line of month.lines) {
      const seen = frozen.get(line.reservationId)
      frozen.set(line.reservationId, {
        amounts: addAmounts(seen?.amounts ?? ZERO_AMOUNTS, line),
        lastMonth: month.month,
      })
    }
  }
  const open = new Map<PayoutMonth, PayoutLine[]>()
  const put = (month: PayoutMonth, line: PayoutLine) => {
    const lines = open.get(month) ?? []
    lines.push(line)
    open.set(month, lines)
  }
  for (const stay of stays) {
    const amounts = splitStay(stay)
    const base = {
      reservationId: stay.id,
      cabinName: stay.cabinName,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
    }
    const before = frozen.get(stay.id)
    const month = monthOf(stay.checkOut)
    if (!before && !paidMonths.has(month)) {
      put(month, { ...amounts, ...base, kind: 'stay', adjusts: null })
      continue
    }
    const change = before ? subtractAmounts(amounts, before.amounts) : amounts
    if (isZero(change)) continue
    const adjusts = before?.lastMonth ?? month
    put(firstUnpaidAfter(adjusts), { ...change, ...base, kind: 'adjustment', adjusts })
  }
  // A paid stay the ledger no longer counts (it should not happen): everything paid for it is taken back.
  const counted = new Set(stays.map((stay) => stay.id))
  for (const [reservationId, before] of frozen) {
    if (counted.has(reservationId) || isZero(before.amounts)) continue
    const last = paidMonths.get(before.lastMonth)?.lines.find((line) => line.reservationId === reservationId)
    if (!last) continue
    const change = subtractAmounts(ZERO_AMOUNTS, before.amounts)
    put(firstUnpaidAfter(before.lastMonth), {
      ...last,
      ...change,
      kind: 'adjustment',
      adjusts: before.lastMonth,
    })
  }
  const reports: PayoutMonthReport[] = [
    ...paid.map((month) => ({
      month: month.month,
      lines: [...month.lines],
      totals: totalsOf(month.lines),
      frozen: true,
    })),
    ...[...open].map(([month, lines]) => ({ month, lines, totals: totalsOf(lines), frozen: false })),
  ]
  for (const report of reports) {
    report.lines.sort(
      (a, b) => a.checkOut.localeCompare(b.checkOut) || a.reservationId.localeCompare(b.reservationId),
    )
  }
  return reports.sort((a, b) => b.month.localeCompare(a.month))
}

/** A month may be paid once it is over (Mexico City's today is in a later month). */
export function isMonthClosed(month: PayoutMonth, today: CalendarDate): boolean {
  return month < monthOf(today)
}
