import { describe, expect, it } from 'vitest'
import { ivaSplit } from '../bookings/checkout.ts'
import { listPricesFor, priceStay } from '../quotes/pricing.ts'
import { HOST_FEE_BPS, splitNightlyRate } from './listing-payout.ts'

describe('splitNightlyRate', () => {
  it.each([
    // rate, commission (12 %, half up), guest pays, host receives
    [100_00, 12_00, 112_00, 100_00],
    [1_250_00, 150_00, 1_400_00, 1_250_00],
    [1_999_00, 239_88, 2_238_88, 1_999_00],
    [100_000_00, 12_000_00, 112_000_00, 100_000_00],
  ])('a night at %i centavos: commission %i, guest %i, host %i', (rate, commission, guest, host) => {
    const split = splitNightlyRate(rate)
    expect(split).toMatchObject({ rate, serviceCommission: commission, guestPays: guest, hostReceives: host })
    expect(split.hostFee).toBe(0)
  })

  it('the guest pays what priceStay charges for one night on a weekday and on a weekend', () => {
    const cabin = { weekdayRate: 1_350_00, weekendRate: 1_999_00, seasons: [] }
    // 2027-03-03 is a Wednesday, 2027-03-05 a Friday.
    const weekday = priceStay(cabin, '2027-03-03', '2027-03-04')
    const weekend = priceStay(cabin, '2027-03-05', '2027-03-06')
    expect(splitNightlyRate(cabin.weekdayRate).guestPays).toBe(weekday.totalPrice)
    expect(splitNightlyRate(cabin.weekdayRate).serviceCommission).toBe(weekday.serviceCommission)
    expect(splitNightlyRate(cabin.weekdayRate).guestPricePerNight).toBe(weekday.pricePerNight)
    expect(splitNightlyRate(cabin.weekendRate).guestPays).toBe(weekend.totalPrice)
    expect(splitNightlyRate(cabin.weekendRate).guestPricePerNight).toBe(weekend.pricePerNight)
  })

  it("a weekday night's 'por noche' is the 'Desde' price cards show", () => {
    const rates = { weekdayRate: 1_999_00, weekendRate: 2_500_00 }
    expect(splitNightlyRate(rates.weekdayRate).guestPricePerNight).toBe(listPricesFor(rates).precioBaseFinal)
  })

  it('the IVA inside the guest total is the checkout one', () => {
    expect(splitNightlyRate(1_250_00).guestIva).toBe(ivaSplit(1_400_00).iva)
  })

  it('no host fee today: the host receives the whole rate', () => {
    expect(HOST_FEE_BPS).toBe(0)
  })
})
