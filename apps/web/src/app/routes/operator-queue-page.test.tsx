import type { Client } from '@cabanas/domain/auth'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { staleNoticeTexts } from '../../components/ui/stale-notice'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { buildListingSummary } from '../../test/operator-fixtures'
import { renderApp } from '../../test/render-app'
import { buildClient, buildToken, checkResponse, storeSession } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const operator = buildClient({ roles: ['operator'] })
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

function open(url: string, client: Client, handle: Handler = () => jsonResponse({})) {
  const token = buildToken()
  storeSession(client, token)
  const fetchMock = mockFetch((requestUrl, init) =>
    requestUrl.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : handle(requestUrl, init),
  )
  return { fetchMock, token, ...renderApp(url) }
}

const operatorCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/operator'))

describe('operator console guard', () => {
  it('sends a signed-out visitor to the login, which brings them back', async () => {
    mockFetch(() => jsonResponse({}))
    const { router } = renderApp('/operador?status=paused')
    await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.state).toEqual({ from: '/operador?status=paused' })
  })

  it.each([
    ['a guest', buildClient()],
    ['a host', buildClient({ roles: ['host'] })],
  ])('tells %s in Spanish that the console is not for them, and asks the API nothing', async (_, client) => {
    const user = userEvent.setup()
    const { fetchMock } = open('/operador/anuncios/6b1f0c9e-0000-4000-8000-000000000001', client)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No tienes acceso a la consola de operación' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }))
    expect(screen.queryByRole('link', { name: 'Consola de operación' })).not.toBeInTheDocument()
    expect(operatorCalls(fetchMock)).toEqual([])
  })

  it("lets an operator in, and the user menu offers 'Consola de operación'", async () => {
    const user = userEvent.setup()
    open('/', operator, (url) =>
      url.pathname === '/api/operator/listings' ? jsonResponse({ listings: [] }) : jsonResponse({}),
    )
    // The home page first, as a guest sees it: the header of the loading frame is replaced by the page's.
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }))
    const menu = await screen.findByRole('navigation', { name: 'Operación' })
    await user.click(within(menu).getByRole('link', { name: 'Consola de operación' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Anuncios' })).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', { name: 'No hay anuncios esperando revisión' }),
    ).toBeInTheDocument()
  })
})

describe('OperatorQueuePage', () => {
  it('lists the listings awaiting approval oldest first, with host, place, time and a review link', async () => {
    const newer = buildListingSummary({
      id: 'listing-newer',
      title: 'Domo Las Estrellas',
      place: 'Valle de Bravo, Estado de México',
      host: { displayName: 'Glamping Bravo' },
      submittedAt: hoursAgo(3),
    })
    const older = buildListingSummary({
      id: 'listing-older',
      title: 'Cabaña El Pinar con chimenea',
      submittedAt: hoursAgo(50),
    })
    const { fetchMock, token } = open('/operador', operator, (url) =>
      url.pathname === '/api/operator/listings'
        ? jsonResponse({ listings: [newer, older] })
        : jsonResponse({}),
    )

    const titles = await screen.findAllByRole('heading', { level: 2 })
    expect(titles.map((heading) => heading.textContent)).toEqual([
      'Cabaña El Pinar con chimenea',
      'Domo Las Estrellas',
    ])
    const card = must(
      screen.getByRole('heading', { name: 'Domo Las Estrellas' }).closest('article'),
      'the card of Domo Las Estrellas',
    )
    expect(within(card).getByText('Valle de Bravo, Estado de México')).toBeInTheDocument()
    expect(within(card).getByText('Glamping Bravo')).toBeInTheDocument()
    expect(within(card).getByText('hace 3 horas')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Revisar: Domo Las Estrellas' })).toHaveAttribute(
      'href',
      '/operador/anuncios/listing-newer',
    )
    expect(screen.getByText('hace 2 días')).toBeInTheDocument()
    expect(screen.getByText('2 anuncios esperando revisión')).toBeInTheDocument()

    const [url, init] = must(
      fetchMock.mock.calls.find(([called]) => String(called).startsWith('/api/operator')),
      'a request to the operator API',
    )
    expect(String(url)).toBe('/api/operator/listings?status=submitted')
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe(`Bearer ${token}`)
  })

  it("keeps the focus on the stale notice when 'Reintentar' finds the queue emptied meanwhile", async () => {
    const user = userEvent.setup()
    const listing = buildListingSummary({ id: 'listing-last', title: 'Cabaña El Pinar con chimenea' })
    let answer: () => Response = () => jsonResponse({ listings: [listing] })
    const { queryClient } = open('/operador', operator, (url) =>
      url.pathname === '/api/operator/listings' ? answer() : jsonResponse({}),
    )
    await screen.findByRole('link', { name: 'Revisar: Cabaña El Pinar con chimenea' })

    // A refresh fails in passing (the connection dropped): the queue stays, with the notice.
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    await act(() => queryClient.refetchQueries())
    const retry = await screen.findByRole('button', { name: staleNoticeTexts.retry })

    // Meanwhile another operator approved the last listing: the queue comes back empty.
    answer = () => jsonResponse({ listings: [] })
    await user.click(retry)
    expect(
      await screen.findByRole('heading', { name: 'No hay anuncios esperando revisión' }),
    ).toBeInTheDocument()
    // The same notice, not a new one: its confirmation has the focus, not the page's start.
    await waitFor(() => expect(screen.getByText(staleNoticeTexts.refreshed)).toHaveFocus())
  })

  it("filters by the API's status from the tabs, and keeps the filter in the address", async () => {
    const user = userEvent.setup()
    const paused = buildListingSummary({ id: 'listing-paused', status: 'paused', title: 'Casa del Lago' })
    const { fetchMock, router } = open('/operador', operator, (url) => {
      if (url.pathname !== '/api/operator/listings') return jsonResponse({})
      return jsonResponse({ listings: url.searchParams.get('status') === 'paused' ? [paused] : [] })
    })
    await screen.findByRole('heading', { name: 'No hay anuncios esperando revisión' })
    const filters = screen.getByRole('navigation', { name: 'Filtrar anuncios' })
    expect(within(filters).getByRole('link', { name: 'En revisión' })).toHaveAttribute('aria-current', 'page')

    await user.click(within(filters).getByRole('link', { name: 'Pausados' }))
    expect(await screen.findByRole('heading', { name: 'Casa del Lago' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?status=paused')
    expect(within(filters).getByRole('link', { name: 'Pausados' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Ver: Casa del Lago' })).toBeInTheDocument()
    expect(screen.getByText('Pausado')).toBeInTheDocument()

    await user.click(within(filters).getByRole('link', { name: 'Todos' }))
    await waitFor(() => expect(operatorCalls(fetchMock)).toContain('/api/operator/listings?status=all'))
    expect(operatorCalls(fetchMock)).toContain('/api/operator/listings?status=paused')
  })
})
