import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSearchResponse, buildSearchResult } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'

const SEARCH = 'location=Tapalpa%2C+Jalisco&guests=4&checkIn=2026-08-07&checkOut=2026-08-09'

async function openFilters(url: string) {
  const fetchMock = mockFetch(() => jsonResponse(buildSearchResponse([buildSearchResult()])))
  const app = renderApp(url)
  await screen.findByRole('heading', { level: 1, name: '1 resultado' })
  fireEvent.click(screen.getByRole('button', { name: /^Filtros/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Filtros' })
  return { ...app, dialog, fetchMock }
}

const stepperValue = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('group', { name: label })).getByRole('status').textContent

describe('FiltersPanel', () => {
  it('starts from the filters in the address and writes the new ones back', async () => {
    const { router, dialog, fetchMock } = await openFilters(`/results?${SEARCH}&beds=2&amenities=wifi`)

    expect(stepperValue(dialog, 'Recámaras')).toBe('Todos')
    expect(stepperValue(dialog, 'Camas')).toBe('2+')
    expect(within(dialog).getByRole('button', { name: 'Wifi' }).getAttribute('aria-pressed')).toBe('true')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aumentar baños' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Alberca' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull()
    const params = new URLSearchParams(router.state.location.search)
    expect(Object.fromEntries(params)).toEqual({
      location: 'Tapalpa, Jalisco',
      guests: '4',
      checkIn: '2026-08-07',
      checkOut: '2026-08-09',
      beds: '2',
      bathrooms: '1',
      amenities: 'wifi,pool',
    })
    await screen.findByRole('button', { name: /^Filtros\s*4/ })
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), window.location.origin)
    expect(last.searchParams.get('bathrooms')).toBe('1')
    expect(last.searchParams.get('amenities')).toBe('wifi,pool')
  })

  it('"Borrar todo" clears every filter once the places are shown', async () => {
    const { router, dialog } = await openFilters(
      `/results?${SEARCH}&bedrooms=1&bathrooms=2&amenities=jacuzzi`,
    )

    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar todo' }))
    expect(stepperValue(dialog, 'Baños')).toBe('Todos')
    expect(within(dialog).getByRole('button', { name: 'Jacuzzi' }).getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(router.state.location.search).toBe(`?${SEARCH}`)
  })

  it('shows six amenities first, then all of them', async () => {
    const { dialog } = await openFilters(`/results?${SEARCH}`)

    const amenities = within(dialog).getByRole('region', { name: 'Amenidades' })
    expect(within(amenities).getAllByRole('listitem')).toHaveLength(6)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar más (18 más)' }))
    expect(within(amenities).getAllByRole('listitem')).toHaveLength(24)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mostrar menos' }))
    expect(within(amenities).getAllByRole('listitem')).toHaveLength(6)
  })

  it('closes without changing the address', async () => {
    const { router, dialog } = await openFilters(`/results?${SEARCH}`)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aumentar camas' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }))

    expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull()
    expect(router.state.location.search).toBe(`?${SEARCH}`)
  })
})
