import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSearchResult } from '../../test/factories'
import { ResultsMap } from './results-map'

describe('ResultsMap', () => {
  it("draws one marker per position with the stay's average per night, numbered where cabins share it", async () => {
    const results = [
      // $3,920 for 2 nights: the marker shows $1,960, not the weekday list price of $1,568.
      buildSearchResult({
        precioBaseFinal: 156_800,
        nights: 2,
        totalPrice: 392_000,
        latitude: 19.91,
        longitude: -103.02,
      }),
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
      ['$1,960', '1'],
      ['2 cabañas', '2'],
    ])
    const total = markers.reduce((sum, marker) => sum + Number(marker.dataset.cabins), 0)
    expect(total).toBe(results.length)
    expect(screen.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/copyright',
    )
  })
})
