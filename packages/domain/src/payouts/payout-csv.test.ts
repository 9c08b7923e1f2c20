import { describe, expect, it } from 'vitest'
import { csvAmountCell, csvTextCell, payoutCsvFilename, payoutMonthCsv } from './payout-csv.ts'
import { splitStay } from './payout-ledger.ts'

describe('csvTextCell', () => {
  it.each([
    ['Cabaña del Bosque', 'Cabaña del Bosque'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+52 55', "'+52 55"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['Lago, Valle', '"Lago, Valle"'],
    ['dice "hola"', '"dice ""hola"""'],
    ['dos\nlíneas', '"dos\nlíneas"'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvTextCell(value)).toBe(cell)
  })
})

describe('csvAmountCell', () => {
  it.each([
    [0, '0.00'],
    [3_000_00, '3000.00'],
    [1_05, '1.05'],
    [-120_50, '-120.50'],
  ])('writes %i centavos as %s', (amount, cell) => {
    expect(csvAmountCell(amount)).toBe(cell)
  })

  it('refuses a fraction of a centavo', () => {
    expect(() => csvAmountCell(1.5)).toThrow(RangeError)
  })
})

describe('payoutMonthCsv', () => {
  it('writes Spanish headers, one row per line and the totals, with a BOM and CRLF', () => {
    const amounts = splitStay({ totalPrice: 3_360_00, serviceCommission: 360_00, refunded: 0 })
    const csv = payoutMonthCsv({
      month: '2026-05',
      lines: [
        {
          ...amounts,
          kind: 'stay',
          reservationId: 'r1',
          cabinName: '=Cabaña',
          checkIn: '2026-05-01',
          checkOut: '2026-05-03',
          adjusts: null,
        },
      ],
      totals: amounts,
    })
    expect(
      csv.startsWith('\uFEFFMes,Concepto,Reserva,Cabaña,Llegada,Salida,Pagado por el huésped (MXN)'),
    ).toBe(true)
    const rows = csv.slice(1).split('\r\n')
    expect(rows[1]).toBe(
      "2026-05,Estancia,r1,'=Cabaña,2026-05-01,2026-05-03,3360.00,0.00,360.00,0.00,3000.00,360.00",
    )
    expect(rows[2]).toBe('2026-05,Total,,,,,3360.00,0.00,360.00,0.00,3000.00,360.00')
    expect(rows[3]).toBe('')
  })

  it('names the file after the month only', () => {
    expect(payoutCsvFilename('2026-05')).toBe('pagos-cabanas-mx-2026-05.csv')
    expect(payoutCsvFilename('2026-05"; x=../')).toBe('pagos-cabanas-mx-2026-05.csv')
  })
})
