import type { DestinationPage } from '@cabanas/domain/catalog'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { buildCabinCard, buildDestination } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

/** GET /api/destinations/:slug for Mazamitla, Jalisco, with the given cabins. */
function mazamitlaPage(cabins: DestinationPage['cabins']): DestinationPage {
  const { cabins: _, ...destination } = buildDestination({ count: 9, fromPrice: 156_800 })
  return {
    destination: { ...destination, slug: 'mazamitla-jalisco' },
    cabins,
    nearby: [
      { population: 'Tapalpa', state: 'Jalisco', slug: 'tapalpa-jalisco', count: 5 },
      {
        population: 'Valle de Bravo',
        state: 'Estado de México',
        slug: 'valle-de-bravo-estado-de-mexico',
        count: 1,
      },
    ],
  }
}

function serve(page: DestinationPage | null) {
  return mockFetch((url) => {
    if (url.pathname === '/api/destinations/mazamitla-jalisco' && page) return jsonResponse(page)
    if (url.pathname.startsWith('/api/destinations/')) {
      return jsonResponse({ success: false, error: 'NOT_FOUND', errorType: 'NOT_FOUND', message: 'x' }, 404)
    }
    return new Response(null, { status: 404 })
  })
}

const threeCabins = () => [
  buildCabinCard({ name: 'Cabaña El Tabardillo', precioBaseFinal: 156_800 }),
  buildCabinCard({ name: 'Loft a dos cuadras', precioBaseFinal: 162_400 }),
  buildCabinCard({ name: 'Glamping Arroyo Frío', precioBaseFinal: 168_000 }),
]

describe('destination landing page', () => {
  it('shows the place, its count and lowest price, an intro, its cabins and the destinations nearby', async () => {
    const cabins = threeCabins()
    serve(mazamitlaPage(cabins))
    renderApp('/destinos/mazamitla-jalisco')

    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading.textContent).toBe('Cabañas en Mazamitla, Jalisco')
    expect(screen.getByText('9 cabañas · Desde $1,568 por noche')).toBeInTheDocument()
    // The intro opens with the place's own line (forest, for Mazamitla).
    expect(screen.getByText(/^Bosque, chimenea y aire fresco de montaña\. Compara fotos/)).toBeInTheDocument()

    const crumbs = screen.getByRole('navigation', { name: 'Ruta de navegación' })
    expect(within(crumbs).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/')
    expect(within(crumbs).getByText('Mazamitla, Jalisco')).toHaveAttribute('aria-current', 'page')

    const grid = screen.getByRole('region', { name: 'Elige tu cabaña' })
    const cards = within(grid).getAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Cabaña El Tabardillo',
      'Loft a dos cuadras',
      'Glamping Arroyo Frío',
    ])
    expect(
      within(must(cards[0], 'cards[0]')).getByRole('link', { name: 'Cabaña El Tabardillo' }),
    ).toHaveAttribute('href', `/cabin/${must(cabins[0], 'cabins[0]')._id}`)
    expect(cards[1]).toHaveTextContent('Desde $1,624 por noche')
    // The first photo is the LCP: fetched at once; the rest load lazily (the browser fetches those in view).
    const firstPhotos = cards.map((card) => must(card.querySelector('img'), "card.querySelector('img')"))
    expect(firstPhotos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy'])

    const nearby = screen.getByRole('navigation', { name: 'Otros destinos cerca' })
    const links = within(nearby).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Tapalpa, Jalisco5 cabañas', '/destinos/tapalpa-jalisco'],
      ['Valle de Bravo, Estado de México1 cabaña', '/destinos/valle-de-bravo-estado-de-mexico'],
    ])
  })

  it('opens the search with the destination chosen and the arrival calendar open', async () => {
    const user = userEvent.setup()
    serve(mazamitlaPage(threeCabins()))
    renderApp('/destinos/mazamitla-jalisco')

    await user.click(await screen.findByRole('button', { name: 'Elegir fechas en Mazamitla' }))

    expect(sessionStorage.getItem('preselectedLocation')).toBe('Mazamitla, Jalisco')
    expect(await screen.findByRole('button', { name: /^Destino/ })).toHaveTextContent('Mazamitla, Jalisco')
    expect(await screen.findByRole('dialog', { name: 'Fecha de llegada' })).toBeInTheDocument()
  })

  it('says so when the destination has no cabins yet', async () => {
    serve(mazamitlaPage([]))
    renderApp('/destinos/mazamitla-jalisco')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aún no hay cabañas en Mazamitla, Jalisco' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })

  it('answers an unknown destination with a not-found message, not an error to retry', async () => {
    serve(null)
    renderApp('/destinos/atlantida-jalisco')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos este destino' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })
})
