import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished } from 'vitest'
import { staleNoticeTexts } from '../../components/ui/stale-notice'
import { buildSearchResponse, buildSearchResult } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
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

    expect(await screen.findByRole('heading', { level: 1, name: '2 resultados' })).toBeInTheDocument()
    const card = screen.getByRole('article', { name: 'Cabaña El Pinar' })
    // $4,032 for 2 nights: the card gives both the average per night and the total.
    expect(card).toHaveTextContent('$2,016 por noche')
    expect(within(card).getByText('Total $4,032 por 2 noches, impuestos incluidos')).toBeInTheDocument()
    const link = within(card).getByRole('link', { name: 'Cabaña El Pinar' })
    expect(link).toHaveAttribute(
      'href',
      `/cabin/${pinar._id}?checkIn=2026-07-20&checkOut=2026-07-22&guests=2`,
    )
    expect(link).toHaveAttribute('target', '_blank')
    expect(screen.getAllByTestId('cabin-card')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Mostrar mapa' })).toBeInTheDocument()

    const requested = new URL(
      String(must(fetchMock.mock.calls[0], 'a first request')[0]),
      window.location.origin,
    )
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

    expect(await screen.findByRole('heading', { level: 1, name: '1 resultado' })).toBeInTheDocument()
    expect(screen.getByTestId('cabin-card')).toHaveTextContent('$1,680 por noche')
  })

  it('greys out a restricted cabin: "No disponible", its first restriction, no link', async () => {
    const closed = buildSearchResult({
      name: 'Cabaña Mirador',
      restrictions: ['Cerrada por mantenimiento', 'Sin acceso vehicular'],
    })
    serveSearch(() => jsonResponse(buildSearchResponse([closed])))
    renderApp(`/results?${SEARCH}`)

    const card = await screen.findByRole('article', { name: 'Cabaña Mirador' })
    expect(card).toHaveAttribute('aria-disabled', 'true')
    expect(within(card).getByText('No disponible')).toBeInTheDocument()
    expect(within(card).getByText('Cerrada por mantenimiento')).toBeInTheDocument()
    expect(within(card).queryByText('Sin acceso vehicular')).not.toBeInTheDocument()
    expect(within(card).queryByRole('link')).not.toBeInTheDocument()
    expect(card.querySelector('a')).not.toBeInTheDocument()
  })

  it('says nothing was found for the search', async () => {
    serveSearch(() => jsonResponse(buildSearchResponse([])))
    renderApp(`/results?${SEARCH}`)

    expect(
      (await screen.findByRole('heading', { level: 1, name: 'No se encontraron resultados' })).tagName,
    ).toBe('H1')
    expect(screen.getByRole('heading', { name: 'No se encontraron cabañas' })).toBeInTheDocument()
    expect(screen.getByText('No hay cabañas disponibles para los criterios de búsqueda.')).toBeInTheDocument()
    // Another place or other dates, from here.
    const form = screen.getByRole('form', { name: 'Cambiar la búsqueda' })
    expect(within(form).getByLabelText('Destino')).toHaveValue('Mazamitla, Jalisco')
  })

  it('suggests adjusting the filters when filters leave nothing', async () => {
    const user = userEvent.setup()
    serveSearch(() => jsonResponse(buildSearchResponse([])))
    const { router } = renderApp(`/results?${SEARCH}&beds=4&amenities=pool`)

    expect(await screen.findByRole('heading', { name: 'No hay resultados' })).toBeInTheDocument()
    expect(screen.getByText('Intenta ajustar tus filtros de búsqueda.')).toBeInTheDocument()
    // A link to the search without its filters: it works before the app runs too.
    const clear = screen.getByRole('link', { name: 'Borrar filtros' })
    expect(clear).toHaveAttribute('href', `/results?${SEARCH}`)
    await user.click(clear)
    expect(router.state.location.search).toBe(`?${SEARCH}`)
  })

  it('shows the reason of a refused search and a form to change it, and no "Reintentar"', async () => {
    const user = userEvent.setup()
    const message = 'La fecha de salida debe ser posterior a la fecha de llegada'
    const fetchMock = mockFetch((url) => {
      if (url.pathname !== '/cotizar/search') return new Response(null, { status: 404 })
      return url.searchParams.get('checkIn') === '2099-07-22'
        ? jsonResponse({ success: false, error: message, errorType: 'INVALID_DATE_RANGE', message }, 400)
        : jsonResponse(buildSearchResponse([buildSearchResult({ name: 'Cabaña Sol' })]))
    })
    const { router } = renderApp(
      '/results?location=Tulum&guests=2&checkIn=2099-07-22&checkOut=2099-07-20&beds=2',
    )

    const alert = await screen.findByRole('alert')
    expect((await heading()).textContent).toBe('Error en la búsqueda')
    expect(within(alert).getByText('Error al buscar cabañas')).toBeInTheDocument()
    expect(within(alert).getByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument()
    // Asked once: a refusal is an answer, not a failure to retry.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/cotizar/search'))).toHaveLength(
      1,
    )

    const form = screen.getByRole('form', { name: 'Cambiar la búsqueda' })
    expect(form).toHaveAttribute('method', 'get')
    expect(form).toHaveAttribute('action', '/results')
    expect(within(form).getByLabelText('Destino')).toHaveValue('Tulum')
    expect(within(form).getByLabelText('Llegada')).toHaveValue('2099-07-22')
    expect(within(form).getByLabelText('Salida')).toHaveValue('2099-07-20')
    expect(within(form).getByLabelText('Huéspedes')).toHaveValue(2)
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')

    await user.clear(within(form).getByLabelText('Llegada'))
    await user.type(within(form).getByLabelText('Llegada'), '2099-07-18')
    await user.click(within(form).getByRole('button', { name: 'Buscar' }))

    expect(await screen.findByRole('heading', { level: 1, name: '1 resultado' })).toBeInTheDocument()
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      location: 'Tulum',
      guests: '2',
      checkIn: '2099-07-18',
      checkOut: '2099-07-20',
      beds: '2',
    })
  })

  it('offers "Reintentar" when the server fails, and the retry can succeed', async () => {
    const user = userEvent.setup()
    let fails = true
    serveSearch(() =>
      fails
        ? jsonResponse({ success: false, error: 'x', errorType: 'SERVER_ERROR', message: 'x' }, 500)
        : jsonResponse(buildSearchResponse([buildSearchResult()])),
    )
    renderApp(`/results?${SEARCH}`)

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Error al realizar la búsqueda. Intenta nuevamente.')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Cambiar la búsqueda' })).not.toBeInTheDocument()
    fails = false
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('heading', { level: 1, name: '1 resultado' })).toBeInTheDocument()
  })

  it('keeps the results when a later refresh fails in passing, and says how old they are', async () => {
    let isDown = false
    serveSearch(() =>
      isDown
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse(buildSearchResponse([buildSearchResult({ name: 'Cabaña El Pinar' })])),
    )
    const { queryClient } = renderApp(`/results?${SEARCH}`)
    expect(await screen.findByRole('heading', { level: 1, name: '1 resultado' })).toBeInTheDocument()

    // Back on the page after a while, offline: its refresh fails.
    isDown = true
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    await act(() => queryClient.refetchQueries({ type: 'active' }))

    expect(await screen.findByText(/^Lo que ves es de hace un momento/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: '1 resultado' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Cabaña El Pinar' })).toBeInTheDocument()
    expect(screen.getByRole('complementary', { name: 'Mapa de resultados' })).toBeInTheDocument()
    expect(screen.queryByText('Error al realizar la búsqueda. Intenta nuevamente.')).not.toBeInTheDocument()

    // The map view covers the list on a phone: it says so too.
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Mostrar mapa' }))
    const map = screen.getByRole('complementary', { name: 'Mapa de resultados' })
    expect(within(map).getByText(/^Lo que ves es de hace un momento/)).toBeInTheDocument()

    // Its 'Reintentar' succeeds: the focus stays on the map, on the confirmation in the notice's place.
    isDown = false
    await user.click(within(map).getByRole('button', { name: staleNoticeTexts.retry }))
    await waitFor(() => expect(within(map).getByText(staleNoticeTexts.refreshed)).toHaveFocus())
    expect(screen.queryByText(/^Lo que ves es de hace un momento/)).not.toBeInTheDocument()
  })

  it('says a filter changed offline waits for the connection, over the previous results, then searches', async () => {
    const user = userEvent.setup()
    serveSearch(() => jsonResponse(buildSearchResponse([buildSearchResult({ name: 'Cabaña El Pinar' })])))
    renderApp(`/results?${SEARCH}`)
    expect(await screen.findByRole('heading', { level: 1, name: '1 resultado' })).toBeInTheDocument()
    onlineManager.setOnline(false)
    onTestFinished(() => onlineManager.setOnline(true))

    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filtros' })
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wifi' }))
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar lugares' }))

    expect(await screen.findByText('Sin conexión: buscaremos en cuanto vuelva')).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Cabaña El Pinar' })).toBeInTheDocument()
    act(() => onlineManager.setOnline(true))
    await waitFor(() =>
      expect(screen.queryByText('Sin conexión: buscaremos en cuanto vuelva')).not.toBeInTheDocument(),
    )
    expect(await screen.findByRole('heading', { level: 1, name: '1 resultado' })).toBeInTheDocument()
  })

  it('gives the reason of a failure a retry may fix when the API gives one (503)', async () => {
    const message =
      'No pudimos confirmar la disponibilidad en este momento. Intenta de nuevo en unos segundos.'
    serveSearch(() =>
      jsonResponse({ success: false, error: message, errorType: 'SERVICE_UNAVAILABLE', message }, 503),
    )
    renderApp(`/results?${SEARCH}`)

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(message)).toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })

  it.each([
    '/results',
    '/results?location=Tulum&checkIn=2026-07-20&checkOut=2026-07-22',
    '/results?guests=2&checkIn=2026-07-20&checkOut=2026-07-22',
    '/results?location=Tulum&guests=2&checkIn=2026-07-20',
  ])(
    'says an incomplete search %s lacks parameters and offers to complete it, without searching',
    async (url) => {
      const fetchMock = mockFetch(() => new Response(null, { status: 404 }))
      const { router } = renderApp(url)

      expect((await heading()).textContent).toBe('Faltan parámetros de búsqueda requeridos')
      expect(router.state.location.pathname).toBe('/results')
      const form = screen.getByRole('form', { name: 'Cambiar la búsqueda' })
      expect(within(form).getByRole('button', { name: 'Buscar' })).toBeInTheDocument()
      const query = new URLSearchParams(url.split('?')[1])
      expect(within(form).getByLabelText('Destino')).toHaveValue(query.get('location') ?? '')
      expect(within(form).getByLabelText('Llegada')).toHaveValue(query.get('checkIn') ?? '')
      // Guests start at two, like the header search.
      expect(within(form).getByLabelText('Huéspedes')).toHaveValue(Number(query.get('guests') ?? '2'))
      const paths = fetchMock.mock.calls.map(
        ([input]) => new URL(String(input), window.location.origin).pathname,
      )
      expect(paths).not.toContain('/cotizar/search')
    },
  )

  it.each([
    [
      'location=Tulum&guests=0&checkIn=2026-07-20&checkOut=2026-07-22',
      'Por favor indica el número de huéspedes',
    ],
    [
      'location=Tulum&guests=2&checkIn=20/07/2026&checkOut=2026-07-22',
      'La fecha de llegada no es válida (usa el formato aaaa-mm-dd)',
    ],
  ])("explains a malformed search %s in the API's words", async (search, message) => {
    mockFetch(() => new Response(null, { status: 404 }))
    renderApp(`/results?${search}`)

    expect((await heading()).textContent).toBe('Error en la búsqueda')
    expect(within(screen.getByRole('alert')).getByText(message)).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Cambiar la búsqueda' })).toBeInTheDocument()
  })

  it('ignores the search button until the dates are valid', async () => {
    const user = userEvent.setup()
    serveSearch(() => jsonResponse(buildSearchResponse([buildSearchResult()])))
    const { router } = renderApp(`/results?${SEARCH}`)

    await screen.findByRole('heading', { level: 1, name: '1 resultado' })
    await user.click(await screen.findByRole('button', { name: /^Llegada/ }))
    const dates = await screen.findByRole('dialog', { name: 'Fecha de llegada' })
    await user.click(within(dates).getByRole('button', { name: 'Borrar fechas' }))
    await user.click(screen.getByRole('button', { name: 'Buscar' }))

    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(router.state.location.search).toBe(`?${SEARCH}`)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the search of the address in the header bar', async () => {
    serveSearch(() => jsonResponse(buildSearchResponse([buildSearchResult()])))
    renderApp(`/results?${SEARCH}`)

    await screen.findByRole('heading', { level: 1, name: '1 resultado' })
    expect(await screen.findByRole('button', { name: /^Destino/ })).toHaveTextContent('Mazamitla, Jalisco')
    expect(screen.getByRole('button', { name: /^Llegada/ })).toHaveTextContent('20 jul')
    expect(screen.getByRole('button', { name: /^Salida/ })).toHaveTextContent('22 jul')
    expect(screen.getByRole('button', { name: /^Huéspedes/ })).toHaveTextContent('2 huéspedes')
  })
})
