import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSearchResponse, buildSearchResult } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'

const SEARCH = 'location=Mazamitla%2C+Jalisco&guests=2&checkIn=2026-07-20&checkOut=2026-07-22'

function serveSearch(respond: () => Response | Promise<Response>) {
  return mockFetch((url) =>
    url.pathname === '/cotizar/search' ? respond() : new Response(null, { status: 404 }),
  )
}

const heading = () => screen.findByRole('heading', { level: 1 })

describe('ResultsPage', () => {
  it('says it is searching while the results load', async () => {
    serveSearch(() => new Promise<Response>(() => {}))
    renderApp(`/results?${SEARCH}`)

    expect((await heading()).textContent).toBe('Buscando...')
  })

  it('shows the count, the cards and the map toggle, and asks the API with the search', async () => {
    const pinar = buildSearchResult({ name: 'Cabaña El Pinar', nights: 2, totalPrice: 403_200 })
    const roble = buildSearchResult({ name: 'Cabaña El Roble', nights: 2, totalPrice: 336_000 })
    const fetchMock = serveSearch(() => jsonResponse(buildSearchResponse([pinar, roble])))
    renderApp(`/results?${SEARCH}`)

    expect(await screen.findByRole('heading', { level: 1, name: '2 resultados' })).toBeTruthy()
    const card = screen.getByRole('article', { name: 'Cabaña El Pinar' })
    // $4,032 for 2 nights: the card gives both the average per night and the total.
    expect(card.textContent).toContain('$2,016 por noche')
    expect(within(card).getByText('Total $4,032 por 2 noches, impuestos incluidos')).toBeTruthy()
    const link = within(card).getByRole('link', { name: 'Cabaña El Pinar' })
    expect(link.getAttribute('href')).toBe(
      `/cabin/${pinar._id}?checkIn=2026-07-20&checkOut=2026-07-22&guests=2`,
    )
    expect(link.getAttribute('target')).toBe('_blank')
    expect(screen.getAllByTestId('cabin-card')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Mostrar mapa' })).toBeTruthy()

    const requested = new URL(String(fetchMock.mock.calls[0]![0]), window.location.origin)
    expect(requested.pathname).toBe('/cotizar/search')
    expect(Object.fromEntries(requested.searchParams)).toEqual({
      location: 'Mazamitla, Jalisco',
      guests: '2',
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
    })
  })

  it('prices a one-night stay "por noche"', async () => {
    serveSearch(() =>
      jsonResponse(buildSearchResponse([buildSearchResult({ nights: 1, totalPrice: 168_000 })])),
    )
    renderApp('/results?location=Tulum&guests=1&checkIn=2026-07-20&checkOut=2026-07-21')

    expect(await screen.findByRole('heading', { level: 1, name: '1 resultado' })).toBeTruthy()
    expect(screen.getByTestId('cabin-card').textContent).toContain('$1,680 por noche')
  })

  it('greys out a restricted cabin: "No disponible", its first restriction, no link', async () => {
    const closed = buildSearchResult({
      name: 'Cabaña Mirador',
      restrictions: ['Cerrada por mantenimiento', 'Sin acceso vehicular'],
    })
    serveSearch(() => jsonResponse(buildSearchResponse([closed])))
    renderApp(`/results?${SEARCH}`)

    const card = await screen.findByRole('article', { name: 'Cabaña Mirador' })
    expect(card.getAttribute('aria-disabled')).toBe('true')
    expect(within(card).getByText('No disponible')).toBeTruthy()
    expect(within(card).getByText('Cerrada por mantenimiento')).toBeTruthy()
    expect(within(card).queryByText('Sin acceso vehicular')).toBeNull()
    expect(within(card).queryByRole('link')).toBeNull()
    expect(card.querySelector('a')).toBeNull()
  })

  it('says nothing was found for the search', async () => {
    serveSearch(() => jsonResponse(buildSearchResponse([])))
    renderApp(`/results?${SEARCH}`)

    expect(
      (await screen.findByRole('heading', { level: 1, name: 'No se encontraron resultados' })).tagName,
    ).toBe('H1')
    expect(screen.getByRole('heading', { name: 'No se encontraron cabañas' })).toBeTruthy()
    expect(screen.getByText('No hay cabañas disponibles para los criterios de búsqueda.')).toBeTruthy()
  })

  it('suggests adjusting the filters when filters leave nothing', async () => {
    serveSearch(() => jsonResponse(buildSearchResponse([])))
    const { router } = renderApp(`/results?${SEARCH}&beds=4&amenities=pool`)

    expect(await screen.findByRole('heading', { name: 'No hay resultados' })).toBeTruthy()
    expect(screen.getByText('Intenta ajustar tus filtros de búsqueda.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Borrar filtros' }))
    expect(router.state.location.search).toBe(`?${SEARCH}`)
  })

  it('shows the API message when the search is refused', async () => {
    const message = 'La fecha de salida debe ser posterior a la fecha de llegada'
    serveSearch(() =>
      jsonResponse({ success: false, error: message, errorType: 'INVALID_DATE_RANGE', message }, 400),
    )
    renderApp('/results?location=Tulum&guests=2&checkIn=2026-07-22&checkOut=2026-07-20')

    const alert = await screen.findByRole('alert')
    expect((await heading()).textContent).toBe('Error en la búsqueda')
    expect(within(alert).getByRole('heading', { name: 'Error al buscar cabañas' })).toBeTruthy()
    expect(within(alert).getByText(message)).toBeTruthy()
  })

  it('falls back to the generic text when the server fails', async () => {
    serveSearch(() =>
      jsonResponse({ success: false, error: 'x', errorType: 'SERVER_ERROR', message: 'x' }, 500),
    )
    renderApp(`/results?${SEARCH}`)

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Error al realizar la búsqueda. Intenta nuevamente.')).toBeTruthy()
  })

  it.each([
    '/results',
    '/results?location=Tulum&checkIn=2026-07-20&checkOut=2026-07-22',
    '/results?location=Tulum&guests=0&checkIn=2026-07-20&checkOut=2026-07-22',
    '/results?guests=2&checkIn=2026-07-20&checkOut=2026-07-22',
  ])('sends an incomplete search %s back home', async (url) => {
    const fetchMock = mockFetch(() => jsonResponse({ destinations: [] }))
    const { router } = renderApp(url)

    await screen.findByRole('heading', { name: 'Aún no hay cabañas disponibles' })
    expect(router.state.location.pathname).toBe('/')
    const paths = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), window.location.origin).pathname,
    )
    expect(paths).not.toContain('/cotizar/search')
  })

  it('ignores the search button until the dates are valid', async () => {
    serveSearch(() => jsonResponse(buildSearchResponse([buildSearchResult()])))
    const { router } = renderApp(`/results?${SEARCH}`)

    await screen.findByRole('heading', { level: 1, name: '1 resultado' })
    fireEvent.click(await screen.findByRole('button', { name: /^Llegada/ }))
    const dates = await screen.findByRole('dialog', { name: 'Fecha de llegada' })
    fireEvent.click(within(dates).getByRole('button', { name: 'Borrar fechas' }))
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }))

    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(router.state.location.search).toBe(`?${SEARCH}`)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the search of the address in the header bar', async () => {
    serveSearch(() => jsonResponse(buildSearchResponse([buildSearchResult()])))
    renderApp(`/results?${SEARCH}`)

    await screen.findByRole('heading', { level: 1, name: '1 resultado' })
    expect((await screen.findByRole('button', { name: /^Destino/ })).textContent).toContain(
      'Mazamitla, Jalisco',
    )
    expect(screen.getByRole('button', { name: /^Llegada/ }).textContent).toContain('20 jul')
    expect(screen.getByRole('button', { name: /^Salida/ }).textContent).toContain('22 jul')
    expect(screen.getByRole('button', { name: /^Huéspedes/ }).textContent).toContain('2 huéspedes')
  })
})
