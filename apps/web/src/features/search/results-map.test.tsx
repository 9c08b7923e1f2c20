import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSearchResult } from '../../test/factories'
import { ResultsMap } from './results-map'

describe('ResultsMap', () => {
  it('draws one price marker per position, numbered where cabins share it', async () => {
    const results = [
      buildSearchResult({ precioBaseFinal: 224_000, latitude: 19.91, longitude: -103.02 }),
      buildSearchResult({ latitude: 20.21, longitude: -87.46 }),
      buildSearchResult({ latitude: 20.21, longitude: -87.46 }),
    ]
    render(
      <div style={{ width: 800, height: 600 }}>
        <ResultsMap results={results} activeId={null} cabinHref={(id) => `/cabin/${id}`} />
      </div>,
    )

    const markers = await screen.findAllByTestId('map-marker')
    expect(markers.map((marker) => [marker.textContent, marker.dataset.cabins])).toEqual([
      ['$2,240', '1'],
      ['2 cabañas', '2'],
    ])
    const total = markers.reduce((sum, marker) => sum + Number(marker.dataset.cabins), 0)
    expect(total).toBe(results.length)
    expect(screen.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/copyright',
    )
  })
})
