import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { buildOperatorHost } from '../../test/operator-fixtures'
import { renderApp } from '../../test/render-app'
import { buildClient, buildToken, checkResponse, storeSession } from '../../test/session'

const operator = buildClient({ roles: ['operator'] })

describe('OperatorHostsPage', () => {
  it('lists the hosts with their bank and masked CLABE, and since when', async () => {
    const token = buildToken()
    storeSession(operator, token)
    const hosts = [
      buildOperatorHost(),
      buildOperatorHost({
        clientId: 'c0a8e2f4-5b6d-4e1f-9a7b-00000000bbbb',
        email: 'domos@ejemplo.mx',
        displayName: 'Glamping Bravo',
        bankName: 'BBVA México',
        clabeLast4: '0071',
        createdAt: '2026-11-20T18:00:00.000Z',
      }),
    ]
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/check'
        ? jsonResponse(checkResponse(operator))
        : url.pathname === '/api/operator/hosts'
          ? jsonResponse({ success: true, data: { hosts } })
          : jsonResponse({}),
    )
    renderApp('/operador/anfitriones')

    expect(await screen.findByRole('heading', { level: 1, name: 'Anfitriones' })).toBeInTheDocument()
    const card = must(
      (await screen.findByRole('heading', { name: 'Glamping Bravo' })).closest('li'),
      'the card of Glamping Bravo',
    )
    expect(within(card).getByText('BBVA México •••• 0071')).toBeInTheDocument()
    expect(within(card).getByText('20 de noviembre de 2026')).toBeInTheDocument()
    expect(within(card).getByText('domos@ejemplo.mx')).toBeInTheDocument()
    expect(screen.getByText('Banorte •••• 4455')).toBeInTheDocument()
    expect(screen.getByText('2 anfitriones')).toBeInTheDocument()
    const call = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/api/operator/hosts'),
      'the request for the hosts',
    )
    expect((call[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe(`Bearer ${token}`)
    const consoleNav = screen.getByRole('navigation', { name: 'Consola de operación' })
    expect(within(consoleNav).getByRole('link', { name: 'Anfitriones' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('says so in Spanish when the hosts cannot be loaded', async () => {
    storeSession(operator)
    mockFetch((url) =>
      url.pathname === '/auth/check'
        ? jsonResponse(checkResponse(operator))
        : jsonResponse(
            { success: false, errorType: 'FORBIDDEN', error: 'Esta sección es solo para el equipo' },
            403,
          ),
    )
    renderApp('/operador/anfitriones')
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los anfitriones.')
  })
})
