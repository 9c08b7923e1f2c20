import { POPULAR_DESTINATIONS } from '@cabanas/domain/catalog'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_CAROUSELS } from '../../features/catalog/home-destinations'
import { POPULAR_DESTINATION_COUNT } from '../../features/catalog/popular-destinations'
import { buildCabinCard, buildDestination } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

const PLACES = [
  ['Mazamitla', 'Jalisco'],
  ['Bacalar', 'Quintana Roo'],
  ['Tapalpa', 'Jalisco'],
  ['Creel', 'Chihuahua'],
  ['Tulum', 'Quintana Roo'],
  ['Valle de Bravo', 'Estado de México'],
  ['Holbox', 'Quintana Roo'],
] as const

function destinationsServer(destinations: ReturnType<typeof buildDestination>[]) {
  return mockFetch((url) =>
    url.pathname === '/api/destinations'
      ? jsonResponse({ destinations })
      : new Response(null, { status: 404 }),
  )
}

describe('HomePage', () => {
  it('shows the top 6 destinations and one carousel per destination from GET /api/destinations', async () => {
    const pinar = buildCabinCard({
      name: 'Cabaña El Pinar',
      population: 'Mazamitla',
      state: 'Jalisco',
      maxOccupancy: 6,
      nBeds: 3,
      nRestrooms: 2,
      precioBaseFinal: 168_000,
    })
    const laguna = buildCabinCard({
      name: 'Casa Laguna',
      population: 'Bacalar',
      state: 'Quintana Roo',
      maxOccupancy: 1,
      nBeds: 1,
      nRestrooms: 1,
      precioBaseFinal: 245_000,
    })
    const destinations = PLACES.map(([population, state], index) =>
      buildDestination({
        population,
        state,
        count: 20 - index,
        // The third place has no bookable cabin: no price to advertise.
        fromPrice: index === 2 ? null : 150_000 + index * 10_000,
        cabins: index === 0 ? [pinar] : index === 1 ? [laguna] : undefined,
      }),
    )
    const fetchMock = destinationsServer(destinations)
    renderApp('/')

    const popular = await screen.findByRole('region', { name: 'Destinos populares' })
    const tiles = within(popular).getAllByRole('button')
    expect(tiles).toHaveLength(6)
    expect(tiles[0]).toHaveTextContent('Mazamitla')
    expect(tiles[0]).toHaveTextContent('20 cabañas')
    expect(tiles[0]).toHaveTextContent('Desde $1,500 por noche')
    expect(tiles[2]).toHaveTextContent('Sin cabañas disponibles')
    expect(tiles[2]).not.toHaveTextContent('Desde')
    expect(within(popular).queryByText('Holbox')).not.toBeInTheDocument()
    // Each tile has a crawlable link to its destination's page, beside the button, not inside it.
    const pages = within(popular).getAllByRole('link', { name: /^Ver cabañas en / })
    expect(must(pages[0], 'pages[0]').textContent).toBe('Ver cabañas en Mazamitla, Jalisco')
    expect(pages.map((link) => link.getAttribute('href'))).toEqual([
      '/destinos/mazamitla-jalisco',
      '/destinos/bacalar-quintana-roo',
      '/destinos/tapalpa-jalisco',
      '/destinos/creel-chihuahua',
      '/destinos/tulum-quintana-roo',
      '/destinos/valle-de-bravo-estado-de-mexico',
    ])
    expect(pages.every((link) => link.closest('button') === null)).toBe(true)
    expect(tiles.every((tile) => tile.querySelector('a') === null)).toBe(true)

    // The first carousels; the others wait until the guest scrolls near them (test below).
    const carousels = screen.getAllByRole('heading', { name: /^Explora / })
    expect(carousels.map((heading) => heading.textContent)).toEqual(
      PLACES.slice(0, FIRST_CAROUSELS).map(([population]) => `Explora ${population}`),
    )

    const explora = screen.getByRole('region', { name: 'Explora Mazamitla' })
    expect(
      within(explora).getByRole('link', { name: 'Ver todas las cabañas en Mazamitla, Jalisco' }),
    ).toHaveAttribute('href', '/destinos/mazamitla-jalisco')
    const card = within(explora).getByRole('article', { name: 'Cabaña El Pinar' })
    expect(within(card).getByRole('link', { name: 'Cabaña El Pinar' })).toHaveAttribute(
      'href',
      `/cabin/${pinar._id}`,
    )
    expect(within(card).getByText('Mazamitla, Jalisco')).toBeInTheDocument()
    expect(within(card).getByText('6 huéspedes • 3 camas • 2 baños')).toBeInTheDocument()
    expect(within(card).getByText('Calificación 4.8 de 5')).toBeInTheDocument()
    // The same 'Desde' as the cabin page.
    expect(card).toHaveTextContent('Desde $1,680 por noche')

    const bacalar = screen.getByRole('region', { name: 'Explora Bacalar' })
    const lagunaCard = within(bacalar).getByRole('article', { name: 'Casa Laguna' })
    expect(within(lagunaCard).getByText('1 huésped • 1 cama • 1 baño')).toBeInTheDocument()
    expect(lagunaCard).toHaveTextContent('Desde $2,450 por noche')

    // The whole catalogue is never downloaded.
    const requested = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), window.location.origin).pathname,
    )
    expect(new Set(requested)).toEqual(new Set(['/api/destinations']))
  })

  describe('carousels below the first ones', () => {
    /** A browser's IntersectionObserver, driven by the test: `intersect()` brings the watched nodes near. */
    const watched: Array<{ callback: IntersectionObserverCallback; nodes: Element[] }> = []
    class NearScreenObserver {
      private readonly entry: { callback: IntersectionObserverCallback; nodes: Element[] }
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, nodes: [] }
        watched.push(this.entry)
      }
      observe(node: Element) {
        this.entry.nodes.push(node)
      }
      disconnect() {
        this.entry.nodes = []
      }
      unobserve() {}
      takeRecords() {
        return []
      }
    }
    const intersect = () =>
      act(() => {
        for (const { callback, nodes } of [...watched])
          if (nodes.length > 0)
            callback(
              nodes.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
              {} as IntersectionObserver,
            )
      })
    afterEach(() => {
      vi.unstubAllGlobals()
      watched.length = 0
    })

    it('lists the other destinations as links until the guest scrolls near, then draws their carousels', async () => {
      vi.stubGlobal('IntersectionObserver', NearScreenObserver)
      const destinations = PLACES.map(([population, state], index) =>
        buildDestination({ population, state, count: 20 - index }),
      )
      destinationsServer(destinations)
      renderApp('/')

      const more = await screen.findByRole('navigation', { name: 'Más destinos' })
      expect(screen.getAllByRole('heading', { name: /^Explora / }).map((h) => h.textContent)).toEqual(
        PLACES.slice(0, FIRST_CAROUSELS).map(([population]) => `Explora ${population}`),
      )
      expect(
        within(more)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Explora Tulum, Quintana Roo', '/destinos/tulum-quintana-roo'],
        ['Explora Valle de Bravo, Estado de México', '/destinos/valle-de-bravo-estado-de-mexico'],
        ['Explora Holbox, Quintana Roo', '/destinos/holbox-quintana-roo'],
      ])

      // A browser reports a node as soon as it is watched; this stand-in only when told: wait until the
      // page watches (its watcher may start after the list shows, on a loaded machine).
      await waitFor(() => expect(watched.some(({ nodes }) => nodes.length > 0)).toBe(true))
      intersect()
      await waitFor(() =>
        expect(screen.getAllByRole('heading', { name: /^Explora / }).map((h) => h.textContent)).toEqual(
          PLACES.map(([population]) => `Explora ${population}`),
        ),
      )
      expect(screen.queryByRole('navigation', { name: 'Más destinos' })).not.toBeInTheDocument()
    })
  })

  it('keeps the grid size equal to the domain constant', () => {
    expect(POPULAR_DESTINATION_COUNT).toBe(POPULAR_DESTINATIONS)
  })

  it('remembers a chosen popular destination, shows it in the header and opens the arrival calendar', async () => {
    const user = userEvent.setup()
    destinationsServer([buildDestination({ population: 'Tapalpa', state: 'Jalisco' })])
    renderApp('/')

    const popular = await screen.findByRole('region', { name: 'Destinos populares' })
    await user.click(within(popular).getByRole('button', { name: /Tapalpa/ }))

    expect(sessionStorage.getItem('preselectedLocation')).toBe('Tapalpa, Jalisco')
    expect(await screen.findByRole('button', { name: /^Destino/ })).toHaveTextContent('Tapalpa, Jalisco')
    expect(await screen.findByRole('dialog', { name: 'Fecha de llegada' })).toBeInTheDocument()
  })

  it('greys out a restricted cabin with its first restriction and no link', async () => {
    const cabin = buildCabinCard({
      name: 'Cabaña Mirador',
      restrictions: ['Cerrada por mantenimiento', 'Sin acceso vehicular'],
    })
    destinationsServer([buildDestination({ cabins: [cabin] })])
    renderApp('/')

    const card = await screen.findByRole('article', { name: 'Cabaña Mirador' })
    expect(within(card).getByText('No disponible')).toBeInTheDocument()
    expect(within(card).getByText('Cerrada por mantenimiento')).toBeInTheDocument()
    expect(within(card).queryByText('Sin acceso vehicular')).not.toBeInTheDocument()
    expect(within(card).queryByRole('link')).not.toBeInTheDocument()
  })

  it('keeps a favourite in local storage', async () => {
    const user = userEvent.setup()
    const cabin = buildCabinCard({ name: 'Cabaña Roble' })
    destinationsServer([buildDestination({ cabins: [cabin] })])
    renderApp('/')

    const heart = () => screen.getByRole('button', { name: 'Guardar Cabaña Roble en favoritos' })
    await screen.findByRole('button', { name: 'Guardar Cabaña Roble en favoritos' })
    // Settled first: a refetch that draws the card again would leave a click on the old button.
    await waitFor(() => expect(screen.queryByText(/Cargando/)).not.toBeInTheDocument())
    expect(heart()).toHaveAttribute('aria-pressed', 'false')
    await user.click(heart())
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'))
    expect(JSON.parse(localStorage.getItem('favoriteCabins') ?? '[]')).toEqual([cabin._id])
  })

  it('shows the error texts when the destinations cannot be loaded', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ success: false, error: 'Error', errorType: 'SERVER_ERROR', message: 'Error' }, 500),
    )
    renderApp('/')

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Ocurrió un error' })).toBeInTheDocument()
    expect(
      within(alert).getByText(
        'No se pudieron cargar los datos de las cabañas. Por favor, intenta de nuevo más tarde.',
      ),
    ).toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
    // a 5xx is retried twice before the error shows
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3)
  })

  it('keeps the destinations on screen when a later refresh of them fails', async () => {
    let isDown = false
    const fetchMock = mockFetch((url) => {
      if (isDown) return Promise.reject(new TypeError('Failed to fetch'))
      return url.pathname === '/api/destinations'
        ? jsonResponse({ destinations: [buildDestination({ population: 'Tapalpa', state: 'Jalisco' })] })
        : new Response(null, { status: 404 })
    })
    const { queryClient } = renderApp('/')
    await screen.findByRole('heading', { name: 'Explora Tapalpa' })
    // No fetch of them is under way (one would be cancelled by the refresh and its state restored).
    await waitFor(() => expect(queryClient.getQueryState(['destinations'])?.fetchStatus).toBe('idle'))

    // The guest comes back after the data went stale, offline: the refresh fails.
    isDown = true
    await act(() => queryClient.refetchQueries({ queryKey: ['destinations'] }))
    // The whole state on a failure: it failed once under load, still 'success', and said no more.
    await waitFor(() =>
      expect(queryClient.getQueryState(['destinations'])).toMatchObject({
        status: 'error',
        fetchStatus: 'idle',
      }),
    )
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1)
    expect(screen.getByRole('heading', { name: 'Explora Tapalpa' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Ocurrió un error' })).not.toBeInTheDocument()
  })

  it('shows the error texts when the network is down', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    renderApp('/')

    expect(await screen.findByRole('heading', { name: 'Ocurrió un error' })).toBeInTheDocument()
  })
})
