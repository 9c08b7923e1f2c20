import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildClient, buildToken, checkResponse, storeSession } from '../../test/session'

const unauthorized = () =>
  jsonResponse(
    { success: false, error: 'No autorizado', errorType: 'UNAUTHORIZED', message: 'No autorizado' },
    401,
  )

/** Waits for the page (the loading frame has its own header) and opens the user menu. */
async function openUserMenu() {
  await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })
  await userEvent.setup().click(screen.getByRole('button', { name: /^Menú de usuario/ }))
  return screen.getByRole('navigation', { name: 'Cuenta' })
}

describe('SessionProvider', () => {
  it('verifies the stored token with /auth/check and refreshes the stored user', async () => {
    const stored = buildClient({ firstName: 'Ana' })
    const { token } = storeSession(stored)
    const fresh = buildClient({ firstName: 'Anabel', lastLogin: '2026-07-15T12:00:00.000Z' })
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/check' ? jsonResponse(checkResponse(fresh)) : jsonResponse({}),
    )
    renderApp('/terms')

    await waitFor(() =>
      expect(
        JSON.parse(must(localStorage.getItem('auth_user'), "localStorage.getItem('auth_user')")).firstName,
      ).toBe('Anabel'),
    )
    const [, init] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/check'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/check')",
    )
    expect((must(init, 'init').headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`)
    await openUserMenu()
    expect(screen.getByText('Anabel Rodríguez')).toBeInTheDocument()
  })

  it('clears the session when /auth/check refuses the token', async () => {
    storeSession()
    mockFetch((url) => (url.pathname === '/auth/check' ? unauthorized() : jsonResponse({})))
    renderApp('/terms')

    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull())
    expect(localStorage.getItem('auth_user')).toBeNull()
    const menu = await openUserMenu()
    expect(within(menu).getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument()
  })

  it('clears an expired token on start, without asking the server', async () => {
    storeSession(buildClient(), buildToken(-60))
    const fetchMock = mockFetch(() => jsonResponse({}))
    renderApp('/terms')

    await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })
    expect(localStorage.getItem('auth_token')).toBeNull()
    expect(localStorage.getItem('auth_user')).toBeNull()
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/auth/check')).toBe(false)
  })

  it('signs out when the token expires while the app is open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const client = buildClient()
    storeSession(client, buildToken(120))
    mockFetch((url) =>
      url.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : jsonResponse({}),
    )
    renderApp('/terms')
    // vi.waitFor, not Testing Library's: it runs with fake timers. 1 s, its default, is too short on a loaded CI.
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument(), {
      timeout: 15_000,
    })

    await vi.advanceTimersByTimeAsync(121_000)
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it('keeps a readable session when the server cannot be reached', async () => {
    const client = buildClient()
    storeSession(client)
    mockFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    renderApp('/terms')

    await openUserMenu()
    expect(await screen.findByText('ana@ejemplo.mx')).toBeInTheDocument()
    expect(localStorage.getItem('auth_token')).not.toBeNull()
  })

  it('shows neither signed-out nor signed-in entries while a token without a readable user is checked', async () => {
    const user = userEvent.setup()
    const client = buildClient({ firstName: 'Ana', lastName: 'Rodríguez' })
    const { token } = storeSession(client)
    localStorage.removeItem('auth_user')
    let answerCheck: ((response: Response) => void) | undefined
    mockFetch((url) =>
      url.pathname === '/auth/check'
        ? new Promise<Response>((resolve) => {
            answerCheck = resolve
          })
        : jsonResponse({}),
    )
    renderApp('/terms')

    await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })
    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }))
    expect(screen.getByText('Verificando tu sesión…')).toHaveAttribute('role', 'status')
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument()

    await waitFor(() => expect(answerCheck).toBeDefined())
    answerCheck?.(jsonResponse(checkResponse(client)))
    expect(await screen.findByText('Ana Rodríguez')).toBeInTheDocument()
    expect(localStorage.getItem('auth_token')).toBe(token)
  })
})
