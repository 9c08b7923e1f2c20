import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, onTestFinished } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'
import { checkResponse, storeSession } from '../../test/session'

describe('session guards (spec §6)', () => {
  it.each(['/profile', '/my-reservations'])(
    'sends a visitor from %s to the login page, replacing it',
    async (path) => {
      mockFetch(() => jsonResponse({}))
      const { router } = renderApp(path)

      await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
      expect(router.state.location.pathname).toBe('/login')
      expect(router.state.location.state).toEqual({ from: path })
      expect(router.state.historyAction).toBe('REPLACE')
    },
  )

  it('lets a signed-in client into Mi Perfil once /auth/check agrees', async () => {
    const { client } = storeSession()
    mockFetch((url) =>
      url.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : jsonResponse({}),
    )
    const { router } = renderApp('/profile')

    expect(await screen.findByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile')
  })

  it('sends a client who signs out on Mis Reservas home, and a later visit there to the login', async () => {
    const user = userEvent.setup()
    const { client } = storeSession()
    mockFetch((url) =>
      url.pathname === '/auth/check'
        ? jsonResponse(checkResponse(client))
        : url.pathname === '/auth/reservations'
          ? jsonResponse({ success: true, data: { reservations: [] } })
          : jsonResponse({ success: true, message: 'ok' }),
    )
    const { router } = renderApp('/my-reservations')
    await screen.findByRole('heading', { level: 1, name: 'Mis Reservas' })

    await user.click(screen.getByRole('button', { name: /Menú de usuario/ }))
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'))
    expect(router.state.location.pathname).toBe('/')

    await router.navigate('/my-reservations')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.state).toEqual({ from: '/my-reservations' })
  })

  it('sends a client who signs out and is back on Mis Reservas before home is drawn to the login', async () => {
    const user = userEvent.setup()
    const { client } = storeSession()
    mockFetch((url) =>
      url.pathname === '/auth/check'
        ? jsonResponse(checkResponse(client))
        : url.pathname === '/auth/reservations'
          ? jsonResponse({ success: true, data: { reservations: [] } })
          : jsonResponse({ success: true, message: 'ok' }),
    )
    const { router } = renderApp('/my-reservations')
    await screen.findByRole('heading', { level: 1, name: 'Mis Reservas' })
    // The router tells its subscribers of a new location before React draws it (in a transition): the
    // visit to Mis Reservas starts as soon as the guard's own navigation home (a replace; the menu's is a
    // push, which may end first) is over, so React draws only that visit, as on a loaded machine (a third
    // Vitest worker once showed it) or after a quick click on a link.
    const unsubscribe = router.subscribe((state) => {
      const home = state.location.pathname === '/' && state.historyAction === 'REPLACE'
      if (!home || state.navigation.state !== 'idle') return
      unsubscribe()
      void router.navigate('/my-reservations')
    })
    onTestFinished(unsubscribe)

    await user.click(screen.getByRole('button', { name: /Menú de usuario/ }))
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.state).toEqual({ from: '/my-reservations' })
  })

  it('sends a client whose token the server refuses to the login page', async () => {
    storeSession()
    mockFetch((url) =>
      url.pathname === '/auth/check'
        ? jsonResponse({ success: false, error: 'Sesión expirada', errorType: 'UNAUTHORIZED' }, 401)
        : jsonResponse({}),
    )
    const { router } = renderApp('/my-reservations')

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('sends a signed-in client from the login page back to the page in its state', async () => {
    const { client } = storeSession()
    mockFetch((url) =>
      url.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : jsonResponse({}),
    )
    const { router } = renderApp('/terms')
    await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })

    await router.navigate('/login', { state: { from: '/privacy' } })
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'))
    expect(router.state.historyAction).toBe('REPLACE')
  })
})
