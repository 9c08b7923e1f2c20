import type { Centavos } from '../shared/money.ts'
import type { PayoutLine, PayoutMonthReport } from './payout-ledger.ts'

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One text cell: a leading formula character gets a quote (') in front so that Excel, LibreOffice and
 * Google Sheets show it as text, and a cell with a comma, a quote or a line break is quoted (RFC 4180).
 */
export function csvTextCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** Centavos as pesos with two decimals and a dot ('1234.50', '-120.00'): a number to a spreadsheet. */
export function csvAmountCell(amount: Centavos): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Centavos must be an integer, got ${amount}`)
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export const PAYOUT_CSV_HEADERS = [
  'Mes',
  'Concepto',
  'Reserva',
  'Cabaña',
  'Llegada',
  'Salida',
  'Pagado por el huésped (MXN)',
  'Reembolsos (MXN)',
  'Tarifa de servicio (MXN)',
  'Comisión al anfitrión (MXN)',
  'Para el anfitrión (MXN)',
  'Ingreso de Cabañas MX (MXN)',
] as const

function amountCells(
  amounts: Pick<
    PayoutLine,
    'guestPaid' | 'refunded' | 'serviceFee' | 'hostCommission' | 'hostAmount' | 'marketplaceIncome'
  >,
) {
  return [
    amounts.guestPaid,
    amounts.refunded,
    amounts.serviceFee,
    amounts.hostCommission,
    amounts.hostAmount,
    amounts.marketplaceIncome,
  ].map(csvAmountCell)
}

function lineConcept(line: PayoutLine): string {
  return line.kind === 'stay' ? 'Estancia' : `Ajuste de ${line.adjusts ?? ''}`.trim()
}

/**
 * A month of the host's report as CSV (UTF-8 with a byte order mark, so Excel reads the accents; CRLF
 * line ends): one row per line, then the month's totals.
 */
export function payoutMonthCsv(report: Pick<PayoutMonthReport, 'month' | 'lines' | 'totals'>): string {
  const rows: string[][] = [
    [...PAYOUT_CSV_HEADERS].map(csvTextCell),
    ...report.lines.map((line) => [
      csvTextCell(report.month),
      csvTextCell(lineConcept(line)),
      csvTextCell(line.reservationId),
      csvTextCell(line.cabinName),
      csvTextCell(line.checkIn),
      csvTextCell(line.checkOut),
      ...amountCells(line),
    ]),
    [csvTextCell(report.month), 'Total', '', '', '', '', ...amountCells(report.totals)],
  ]
  return `\uFEFF${rows.map((row) => row.join(',')).join('\r\n')}\r\n`
}

/** 'pagos-cabanas-mx-2026-05.csv': only the month, which the route has checked, in the name. */
export function payoutCsvFilename(month: string): string {
  return `pagos-cabanas-mx-${month.replace(/[^0-9-]/g, '')}.csv`
}
