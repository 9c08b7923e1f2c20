import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSearchResult } from '../../test/factories'
import { GroupPopup } from './map-popup'

function renderPopup(result: ReturnType<typeof buildSearchResult>) {
  const group = { key: 'k', latitude: 19.91, longitude: -103.02, items: [result] }
  return render(<GroupPopup group={group} initialIndex={0} cabinHref={(id) => `/cabin/${id}`} />)
}

describe('GroupPopup', () => {
  it("shows the stay's average per night beside its total, in whole pesos", () => {
    // Weekday list price $1,568; the 2-night stay costs $3,920, $1,960 a night.
    renderPopup(buildSearchResult({ precioBaseFinal: 156_800, nights: 2, totalPrice: 392_000 }))
    const article = screen.getByRole('article')
    expect(article).toHaveTextContent('$1,960 MXN por noche')
    expect(article).toHaveTextContent('Total $3,920 por 2 noches, impuestos incluidos')
    expect(article).not.toHaveTextContent('$1,568')
  })

  it('says a non-refundable cabin is non-refundable and never promises free cancellation', () => {
    renderPopup(buildSearchResult({ cancellationPolicy: 'non_refundable' }))
    expect(screen.getByText('No reembolsable')).toBeInTheDocument()
    expect(screen.queryByText('Cancelación gratuita')).not.toBeInTheDocument()
  })

  it('promises free cancellation only for a cabin whose policy is free', () => {
    renderPopup(buildSearchResult({ cancellationPolicy: 'free' }))
    expect(screen.getByText('Cancelación gratuita')).toBeInTheDocument()
    expect(screen.queryByText('No reembolsable')).not.toBeInTheDocument()
  })

  it('shows the restriction instead of a policy for a cabin that cannot be booked', () => {
    renderPopup(
      buildSearchResult({ cancellationPolicy: 'free', restrictions: ['Cerrada por mantenimiento'] }),
    )
    expect(screen.getByText(/Cerrada por mantenimiento/)).toBeInTheDocument()
    expect(screen.queryByText('Cancelación gratuita')).not.toBeInTheDocument()
  })
})
