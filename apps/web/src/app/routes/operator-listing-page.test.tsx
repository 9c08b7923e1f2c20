import { type ListingStatus, listingApiMessages } from '@cabanas/domain/listings'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { buildListingSummary, buildOperatorListing, PHOTO_IDS } from '../../test/operator-fixtures'
import { renderApp } from '../../test/render-app'
import {
  buildClient,
  buildToken,
  checkResponse,
  findToaster,
  readyToaster,
  storeSession,
} from '../../test/session'

const ID = '6b1f0c9e-0000-4000-8000-000000000001'
const BASE = `/api/operator/listings/${ID}`
const operator = buildClient({ roles: ['operator'] })

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined

/**
 * The console against a fake API: the listing in `status` (each action moves it as the API would),
 * `handle` answering first when it wants to.
 */
function open(
  url: string,
  { status = 'submitted' as ListingStatus, handle = (() => undefined) as Handler } = {},
) {
  readyToaster()
  const token = buildToken()
  storeSession(operator, token)
  const world = { status }
  const fetchMock = mockFetch((requestUrl, init) => {
    const { pathname } = requestUrl
    if (pathname === '/auth/check') return jsonResponse(checkResponse(operator))
    const answer = handle(requestUrl, init)
    if (answer) return answer
    if (pathname === '/api/operator/listings') {
      const wanted = requestUrl.searchParams.get('status')
      const summary = buildListingSummary({ id: ID, status: world.status })
      return jsonResponse({ listings: wanted === world.status ? [summary] : [] })
    }
    if (pathname === BASE) return jsonResponse(buildOperatorListing({ status: world.status }))
    const moves: Record<string, ListingStatus> = {
      approve: 'published',
      return: 'returned',
      pause: 'paused',
      unpause: 'published',
    }
    const action = pathname.startsWith(`${BASE}/`) ? pathname.slice(BASE.length + 1) : ''
    if (init?.method === 'POST' && moves[action]) {
      world.status = moves[action]
      return jsonResponse(buildOperatorListing({ status: world.status }))
    }
    return jsonResponse({})
  })
  return { fetchMock, token, world, ...renderApp(url) }
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: (init?.headers as Record<string, string> | undefined)?.Authorization,
    }))

const heading = () => screen.findByRole('heading', { level: 1, name: 'Cabaña El Pinar con chimenea' })

describe('OperatorListingPage', () => {
  it('shows the whole listing read-only: photos with alt texts, private address, prices, rules, policy', async () => {
    open(`/operador/anuncios/${ID}`)
    await heading()
    expect(screen.getByText('Mazamitla, Jalisco · Anfitrión: Cabañas Doña Lupe')).toBeInTheDocument()

    const photos = screen.getByRole('region', { name: 'Fotos (5)' })
    const images = within(photos).getAllByRole('img')
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Vista 1 de la cabaña entre pinos',
      'Vista 2 de la cabaña entre pinos',
      'Vista 3 de la cabaña entre pinos',
      'Vista 4 de la cabaña entre pinos',
      'Cabaña El Pinar con chimenea, foto 5 de 5',
    ])
    expect(images[0]).toHaveAttribute('src', `/media/photos/${PHOTO_IDS[0]}/1.webp`)
    expect(within(photos).getByText('Portada')).toBeInTheDocument()
    expect(within(photos).getByText(/Sin texto alternativo/)).toBeInTheDocument()

    const location = screen.getByRole('region', { name: 'Ubicación' })
    expect(within(location).getByText('Dirección privada')).toBeInTheDocument()
    expect(within(location).getByText('Camino a la Sierra del Tigre 12')).toBeInTheDocument()
    expect(within(location).getByText('49500')).toBeInTheDocument()
    expect(within(location).getByRole('img', { name: /Punto del anfitrión en el mapa/ })).toBeInTheDocument()

    const prices = screen.getByRole('region', { name: /^Precios por noche/ })
    expect(within(prices).getByText('$1,800')).toBeInTheDocument()
    expect(within(prices).getByText('$2,400')).toBeInTheDocument()
    expect(within(prices).getByText('Navidad')).toBeInTheDocument()
    expect(within(prices).getByText('$3,000')).toBeInTheDocument()
    expect(within(prices).getByText(/14 noches/)).toBeInTheDocument()

    expect(within(screen.getByRole('region', { name: 'Amenidades' })).getByText('Wifi')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Amenidades' })).queryByText('Calefacción'),
    ).not.toBeInTheDocument()
    expect(screen.getByText('Cerrada por mantenimiento hasta marzo')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Política de cancelación' })).getByText('Moderada'),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Capacidad' })).getByText('De 1 a 6'),
    ).toBeInTheDocument()
  })

  it('approves after a confirmation, calls the approve address and the queue refreshes', async () => {
    const user = userEvent.setup()
    const { fetchMock, token, router } = open('/operador')
    // The queue, cached with the listing in it.
    await user.click(await screen.findByRole('link', { name: 'Revisar: Cabaña El Pinar con chimenea' }))
    await heading()

    const approve = screen.getByRole('button', { name: 'Aprobar y publicar' })
    approve.focus() // as a click does in a browser
    await user.click(approve)
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar y publicar' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(document.activeElement).toBe(approve))
    expect(posts(fetchMock)).toEqual([])

    await user.click(approve)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, publicar' }))

    await screen.findByRole('heading', { level: 1, name: 'Anuncios' })
    expect(router.state.location.pathname).toBe('/operador')
    // The queue the operator lands on is already the fresh one: the approved listing is not in it.
    expect(
      screen.queryByRole('link', { name: 'Revisar: Cabaña El Pinar con chimenea' }),
    ).not.toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { name: 'No hay anuncios esperando revisión' }),
    ).toBeInTheDocument()
    expect(posts(fetchMock)).toEqual([{ url: `${BASE}/approve`, body: {}, authorization: `Bearer ${token}` }])
    expect(await within(await findToaster()).findByText(/Anuncio publicado/)).toBeInTheDocument()
  })

  it('returns to the host only with a reason, shown in Spanish beside the field, and sends it', async () => {
    const user = userEvent.setup()
    const { fetchMock, router } = open(`/operador/anuncios/${ID}`)
    await heading()
    await user.click(screen.getByRole('button', { name: 'Devolver al anfitrión' }))
    const dialog = await screen.findByRole('dialog', { name: 'Devolver al anfitrión' })
    const reason = within(dialog).getByLabelText('Motivo para el anfitrión')
    await waitFor(() => expect(document.activeElement).toBe(reason))

    await user.clear(reason)
    await user.type(reason, '   corto   ')
    await user.click(within(dialog).getByRole('button', { name: 'Devolver al anfitrión' }))
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'))
    const describedBy = must(reason.getAttribute('aria-describedby'), 'the id of the reason’s error')
    expect(must(document.getElementById(describedBy), 'the reason’s error').textContent).toBe(
      listingApiMessages.reasonRequired,
    )
    expect(posts(fetchMock)).toEqual([])

    await user.clear(reason)
    await user.type(reason, '  Las fotos 3 y 4 están borrosas; súbelas de nuevo.  ')
    await user.click(within(dialog).getByRole('button', { name: 'Devolver al anfitrión' }))
    await screen.findByRole('heading', { level: 1, name: 'Anuncios' })
    expect(router.state.location.pathname).toBe('/operador')
    expect(posts(fetchMock).map(({ url, body }) => ({ url, body }))).toEqual([
      { url: `${BASE}/return`, body: { reason: 'Las fotos 3 y 4 están borrosas; súbelas de nuevo.' } },
    ])
  })

  it('pauses a published listing and reactivates it', async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(`/operador/anuncios/${ID}`, { status: 'published' })
    await heading()
    expect(screen.queryByRole('button', { name: 'Aprobar y publicar' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Pausar' }))
    const reactivate = await screen.findByRole('button', { name: 'Reactivar' })
    expect(screen.getByText('Pausado')).toBeInTheDocument()
    expect(await within(await findToaster()).findByText(/Anuncio pausado/)).toBeInTheDocument()

    await user.click(reactivate)
    expect(await screen.findByRole('button', { name: 'Pausar' })).toBeInTheDocument()
    expect(posts(fetchMock).map(({ url }) => url)).toEqual([`${BASE}/pause`, `${BASE}/unpause`])
  })

  it("says in Spanish when another operator answered first (409), and shows the listing's new status", async () => {
    const user = userEvent.setup()
    const { world } = open(`/operador/anuncios/${ID}`, {
      handle: (url, init) => {
        if (url.pathname !== `${BASE}/approve` || init?.method !== 'POST') return undefined
        // Someone else returned it a moment ago.
        world.status = 'returned'
        return jsonResponse(
          {
            success: false,
            errorType: 'CONFLICT',
            error: listingApiMessages.notSubmitted,
            message: listingApiMessages.notSubmitted,
          },
          409,
        )
      },
    })
    await heading()
    await user.click(screen.getByRole('button', { name: 'Aprobar y publicar' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, publicar' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Otro operador ya respondió este anuncio')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(await screen.findByText('Devuelto con comentarios')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Aprobar y publicar' })).not.toBeInTheDocument()
  })

  it('says so when the listing does not exist', async () => {
    open('/operador/anuncios/otro', {
      handle: (url) =>
        url.pathname === '/api/operator/listings/otro'
          ? jsonResponse({ success: false, errorType: 'NOT_FOUND', error: listingApiMessages.notFound }, 404)
          : undefined,
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: listingApiMessages.notFound }),
    ).toBeInTheDocument()
  })
})
