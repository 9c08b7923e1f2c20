import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSummary } from '../../test/checkout-fixtures'
import { CheckoutOrderSummary } from './checkout-order-summary'

const amountOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent

describe('CheckoutOrderSummary', () => {
  it('shows the IVA inside the total (× 16 / 116), not 16 % of it', () => {
    // $3,400 × 2 nights plus 12 %: $7,616, whose IVA is $1,050.48 (84/16 showed $1,218.56).
    const summary = buildSummary({
      nights: 2,
      pricing: {
        basePrice: 680_000,
        totalPrice: 761_600,
        cleaningFee: 0,
        serviceFee: 0,
        comisionServicio: 81_600,
        taxes: 0,
      },
    })
    render(<CheckoutOrderSummary summary={summary} />)

    expect(amountOf('$3,400 × 2 noches')).toBe('$6,800') // exact: no '(promedio)'
    expect(amountOf('Tarifa de servicio')).toBe('$816')
    expect(amountOf('Subtotal')).toBe('$6,565.52')
    expect(amountOf('IVA (16%)')).toBe('$1,050.48')
    expect(amountOf('Total (MXN)')).toBe('$7,616')
    expect(screen.queryByText('$1,218.56')).not.toBeInTheDocument()
    // The same average per night as the cabin page and the map: $7,616 / 2.
    expect(screen.getByText('$3,808 MXN por noche en promedio, IVA incluido')).toBeInTheDocument()
  })

  it('writes the stay in full, as the confirmation and the trip page do', () => {
    render(
      <CheckoutOrderSummary
        summary={buildSummary({ checkIn: '2026-12-18', checkOut: '2027-01-02', nights: 15 })}
      />,
    )

    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(fact('Llegada')).toBe('18 de diciembre de 2026')
    expect(fact('Salida')).toBe('2 de enero de 2027')
  })

  it('shows nightly figures in whole pesos, with lines that add up to the total', () => {
    // Lodging $4,900 over 3 nights ($1,633.33) plus $588: $5,488, $1,829.33 a night on average.
    const summary = buildSummary({
      nights: 3,
      checkOut: '2026-07-04',
      pricing: {
        basePrice: 490_000,
        totalPrice: 548_800,
        cleaningFee: 0,
        serviceFee: 0,
        comisionServicio: 58_800,
        taxes: 0,
      },
    })
    render(<CheckoutOrderSummary summary={summary} />)

    // $1,633 × 3 is not $4,900: the line says it is an average.
    expect(amountOf('$1,633 × 3 noches (promedio)')).toBe('$4,900')
    expect(amountOf('Tarifa de servicio')).toBe('$588')
    expect(screen.getByText('$1,829 MXN por noche en promedio, IVA incluido')).toBeInTheDocument()
    const section = screen.getByRole('region')
    expect(within(section).queryByText(/\$1,633\.33|\$1,829\.33/)).not.toBeInTheDocument()
  })
})
