import { PricesStepDraftSchema } from '@cabanas/domain/listings'
import { priceStay } from '@cabanas/domain/quotes'
import { formatMxn } from '@cabanas/domain/shared'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PricesStep } from './prices-step'
import type { ListingStepProps } from './step-props'

function renderStep(props: Partial<ListingStepProps<'prices'>> = {}) {
  const onChange = vi.fn()
  render(
    <PricesStep
      listingId="listing-1"
      token="token-1"
      value={undefined}
      issues={[]}
      readOnly={false}
      onChange={onChange}
      {...props}
    />,
  )
  return { onChange, lastValue: () => onChange.mock.lastCall?.[0] }
}

/** Replaces a field's text at once (select all, paste) and leaves it, as a host correcting a price does. */
const type = async (label: string | HTMLElement, value: string) => {
  const user = userEvent.setup()
  const input = typeof label === 'string' ? screen.getByLabelText(label) : label
  await user.tripleClick(input)
  await user.paste(value)
  await user.tab()
}

/** The message tied to a control (its aria-describedby), as a screen reader reads it. */
function describedBy(input: HTMLElement): string | undefined {
  const id = input.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? undefined) : undefined
}

const season = (n: number) => screen.getByRole('listitem', { name: `Temporada ${n}` })

describe('PricesStep', () => {
  it('sends pesos as centavos', async () => {
    const { lastValue } = renderStep()
    await type('Entre semana (domingo a jueves)', '1,250')
    expect(lastValue()).toEqual({ weekdayRate: 125_000 })
    await type('Fin de semana (viernes y sábado)', '$1800.00')
    expect(lastValue()).toEqual({ weekdayRate: 125_000, weekendRate: 180_000 })
    expect(screen.getByLabelText('Fin de semana (viernes y sábado)')).toHaveValue('1,800')
    expect(PricesStepDraftSchema.safeParse(lastValue()).success).toBe(true)
  })

  it('refuses an amount that is not whole pesos beside the field, and sends nothing', async () => {
    const { onChange } = renderStep({ value: { weekdayRate: 125_000 } })
    const weekday = screen.getByLabelText('Entre semana (domingo a jueves)')
    expect(weekday).toHaveValue('1,250')
    await type(weekday, '1250.50')
    expect(describedBy(weekday)).toBe('Escribe el precio en pesos enteros, por ejemplo 1,250')
    expect(weekday).toHaveAttribute('aria-invalid', 'true')
    expect(onChange).not.toHaveBeenCalled()
  })

  it("shows the schema's limits beside the field", async () => {
    renderStep()
    const weekday = screen.getByLabelText('Entre semana (domingo a jueves)')
    await type(weekday, '50')
    expect(describedBy(weekday)).toBe('El precio por noche debe ser de al menos $100')
  })

  it('sends a season with the day after its last night, and shows an overlap beside its first night', async () => {
    const user = userEvent.setup()
    const { lastValue } = renderStep({ value: { weekdayRate: 150_000, weekendRate: 200_000 } })
    await user.click(screen.getByRole('button', { name: 'Agregar temporada' }))
    await type(within(season(1)).getByLabelText('Nombre'), 'Navidad')
    await type(within(season(1)).getByLabelText('Primera noche'), '2026-12-20')
    await type(within(season(1)).getByLabelText('Última noche'), '2027-01-01')
    await type(within(season(1)).getByLabelText('Precio por noche'), '3,000')
    expect(lastValue()).toEqual({
      weekdayRate: 150_000,
      weekendRate: 200_000,
      seasons: [{ name: 'Navidad', startsOn: '2026-12-20', endsOn: '2027-01-02', nightlyRate: 300_000 }],
    })

    await user.click(screen.getByRole('button', { name: 'Agregar temporada' }))
    await type(within(season(2)).getByLabelText('Nombre'), 'Año Nuevo')
    await type(within(season(2)).getByLabelText('Primera noche'), '2027-01-01')
    await type(within(season(2)).getByLabelText('Última noche'), '2027-01-03')
    await type(within(season(2)).getByLabelText('Precio por noche'), '3500')
    const start = within(season(2)).getByLabelText('Primera noche')
    expect(describedBy(start)).toBe('Esta temporada se cruza con «Navidad»')
    expect(lastValue().seasons[1]).toEqual({
      name: 'Año Nuevo',
      startsOn: '2027-01-01',
      endsOn: '2027-01-04',
      nightlyRate: 350_000,
    })

    // Moving Navidad's last night a day earlier ends the overlap.
    await type(within(season(1)).getByLabelText('Última noche'), '2026-12-31')
    expect(start).not.toHaveAttribute('aria-invalid')
    expect(PricesStepDraftSchema.safeParse(lastValue()).success).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Quitar la temporada 1 (Navidad)' }))
    expect(lastValue().seasons).toEqual([
      { name: 'Año Nuevo', startsOn: '2027-01-01', endsOn: '2027-01-04', nightlyRate: 350_000 },
    ])
  })

  it('says when a season ends before it starts', async () => {
    const user = userEvent.setup()
    renderStep()
    await user.click(screen.getByRole('button', { name: 'Agregar temporada' }))
    await type(screen.getByLabelText('Primera noche'), '2027-03-10')
    await type(screen.getByLabelText('Última noche'), '2027-03-08')
    expect(describedBy(screen.getByLabelText('Última noche'))).toBe(
      'La temporada debe terminar después de su inicio',
    )
  })

  it("shows the last save's refusals beside their fields", () => {
    renderStep({
      value: {
        weekdayRate: 150_000,
        seasons: [{ name: 'Verano', startsOn: '2027-07-01', endsOn: '2027-08-01', nightlyRate: 200_000 }],
      },
      issues: [
        { path: ['weekendRate'], message: 'Falta el precio por noche de fin de semana' },
        { path: ['seasons', 0, 'endsOn'], message: 'Una temporada puede durar como máximo 366 noches' },
      ],
    })
    expect(describedBy(screen.getByLabelText('Fin de semana (viernes y sábado)'))).toBe(
      'Falta el precio por noche de fin de semana',
    )
    const lastNight = screen.getByLabelText('Última noche') as HTMLInputElement
    expect(lastNight).toHaveValue('2027-07-31')
    expect(describedBy(lastNight)).toBe('Una temporada puede durar como máximo 366 noches')
  })

  it("shows what the guest pays and what the host receives, as the domain's pricing computes it", async () => {
    renderStep()
    await type('Entre semana (domingo a jueves)', '1,350')
    await type('Fin de semana (viernes y sábado)', '1,999')
    const cabin = { weekdayRate: 135_000, weekendRate: 199_900, seasons: [] }
    // 2027-03-03 is a Wednesday; 2027-03-05 a Friday.
    const weekday = priceStay(cabin, '2027-03-03', '2027-03-04')
    const weekend = priceStay(cabin, '2027-03-05', '2027-03-06')
    const cells = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells('Lo que paga el huésped')).toEqual([
      formatMxn(weekday.totalPrice),
      formatMxn(weekend.totalPrice),
    ])
    expect(cells('Tarifa de servicio')).toEqual([
      formatMxn(weekday.serviceCommission),
      formatMxn(weekend.serviceCommission),
    ])
    expect(cells('Lo que paga el huésped')).toEqual(['$1,512', '$2,238.88'])
    expect(cells('Lo que recibes')).toEqual(['$1,350', '$1,999'])
  })

  it('read-only shows the values and no field', () => {
    renderStep({
      readOnly: true,
      value: {
        weekdayRate: 150_000,
        weekendRate: 200_000,
        seasons: [{ name: 'Verano', startsOn: '2027-07-01', endsOn: '2027-08-01', nightlyRate: 220_000 }],
      },
    })
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByText('$1,500 por noche')).toBeInTheDocument()
    expect(screen.getByText(/noches del 1 de julio de 2027 al 31 de julio de 2027/)).toBeInTheDocument()
  })
})
