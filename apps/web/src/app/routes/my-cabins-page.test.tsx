import type { Client } from '@cabanas/domain/auth'
import { LISTING_API } from '@cabanas/domain/listings'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { buildHostListing, buildListingSummary } from '../../test/listing-fixtures'
import { renderApp } from '../../test/render-app'
import { buildClient, checkResponse, storeSession } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const host = buildClient({ roles: ['host'] })

function open(url: string, client: Client, handle: Handler) {
  storeSession(client)
  const fetchMock = mockFetch((requestUrl, init) =>
    requestUrl.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : handle(requestUrl, init),
  )
  return { fetchMock, ...renderApp(url) }
}

describe('MyCabinsPage', () => {
  it('lists the host’s listings with their status, what is pending, the return reason and the cabin', async () => {
    const listings = [
      buildListingSummary({ id: 'l-1', title: null, place: null }),
      buildListingSummary({
        id: 'l-2',
        status: 'returned',
        title: 'Cabaña El Pinar',
        place: 'Mazamitla, Jalisco',
        pendingSteps: ['photos'],
        returnReason: 'Las fotos están muy oscuras, sube otras por favor',
      }),
      buildListingSummary({
        id: 'l-3',
        status: 'published',
        title: 'Casa del Lago',
        place: 'Valle de Bravo, Estado de México',
        coverUrl: '/media/photos/p1/1-card.webp',
        pendingSteps: [],
        cabinId: 'cab-9',
      }),
    ]
    open('/anfitrion/cabanas', host, (url) =>
      url.pathname === LISTING_API.mine ? jsonResponse({ listings }) : jsonResponse({}, 404),
    )

    const items = await screen.findAllByRole('article')
    expect(items).toHaveLength(3)
    const [draft, returned, published] = items as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(draft).getByRole('heading', { name: 'Cabaña sin título' })).toBeInTheDocument()
    expect(within(draft).getByText('Borrador')).toBeInTheDocument()
    expect(within(draft).getByRole('link', { name: 'Editar Cabaña sin título' })).toHaveAttribute(
      'href',
      '/anfitrion/cabanas/l-1/tipo',
    )
    expect(within(returned).getByText('Devuelto con comentarios')).toBeInTheDocument()
    expect(
      within(returned).getByText('Las fotos están muy oscuras, sube otras por favor'),
    ).toBeInTheDocument()
    expect(within(returned).getByText('Fotos')).toBeInTheDocument()
    expect(within(returned).getByText('Mazamitla, Jalisco')).toBeInTheDocument()
    expect(within(published).getByText('Publicado')).toBeInTheDocument()
    expect(within(published).getByRole('link', { name: 'Ver publicada' })).toHaveAttribute(
      'href',
      '/cabin/cab-9',
    )
    expect(within(draft).queryByRole('link', { name: 'Ver publicada' })).not.toBeInTheDocument()
    // A published cabin's calendar, by its listing's id; a draft has none yet.
    expect(within(published).getByRole('link', { name: 'Calendario de Casa del Lago' })).toHaveAttribute(
      'href',
      '/anfitrion/cabanas/l-3/calendario',
    )
    expect(within(draft).queryByRole('link', { name: /^Calendario/ })).not.toBeInTheDocument()
  })

  it('stays friendly when the host has no listing yet', async () => {
    open('/anfitrion/cabanas', host, () => jsonResponse({ listings: [] }))
    expect(await screen.findByRole('heading', { name: 'Aún no tienes cabañas' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Publicar una cabaña nueva' })).toBeInTheDocument()
  })

  it("creates a draft with 'Publicar una cabaña nueva' and opens it in the editor", async () => {
    const user = userEvent.setup()
    const created = buildHostListing({ id: 'nuevo-1', version: 0 })
    const { fetchMock, router } = open('/anfitrion/cabanas', host, (url, init) => {
      if (url.pathname === LISTING_API.mine && init?.method === 'POST') {
        return jsonResponse({ listing: created }, 201)
      }
      if (url.pathname === LISTING_API.mine) return jsonResponse({ listings: [] })
      if (url.pathname === LISTING_API.one('nuevo-1')) return jsonResponse({ listing: created })
      return jsonResponse({}, 404)
    })
    await user.click(await screen.findByRole('button', { name: 'Publicar una cabaña nueva' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/anfitrion/cabanas/nuevo-1/tipo'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipo de alojamiento' })).toBeInTheDocument()
    expect(screen.getByText('Paso 1 de 10')).toBeInTheDocument()
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(posts).toHaveLength(1)
  })

  it('sends a signed-in client who is not a host to the host profile form', async () => {
    const { router } = open('/anfitrion/cabanas/l-1/tipo', buildClient(), () => jsonResponse({}))
    expect(await screen.findByRole('heading', { level: 1, name: 'Publica tu cabaña' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/anfitrion/perfil')
  })

  it('sends a signed-out visitor to the login', async () => {
    mockFetch(() => jsonResponse({}))
    const { router } = renderApp('/anfitrion/cabanas')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})
