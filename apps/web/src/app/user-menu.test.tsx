import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../test/fetch-mock'
import { expectLabelInName } from '../test/label-in-name'
import { must } from '../test/must'
import { renderApp } from '../test/render-app'
import { checkResponse, storeSession } from '../test/session'

async function openMenu() {
  await userEvent.setup().click(await screen.findByRole('button', { name: /^Menú de usuario/ }))
}

describe('UserMenu', () => {
  it('shows the logged-out entries and remembers the page for the login', async () => {
    const user = userEvent.setup()
    mockFetch(() => jsonResponse({}))
    const { router } = renderApp('/terms')
    await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })
    await openMenu()

    expect(screen.getByText('Inicia sesión para acceder a tus reservas y preferencias')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/register')
    await user.click(screen.getByRole('link', { name: 'Iniciar sesión' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.state).toEqual({ from: '/terms' })
  })

  it("shows the client's name and email, their pages, and logs out to the home page", async () => {
    const user = userEvent.setup()
    const { client, token } = storeSession()
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/check'
        ? jsonResponse(checkResponse(client))
        : url.pathname === '/auth/logout'
          ? jsonResponse({ success: true, message: 'Sesión cerrada' })
          : jsonResponse({}),
    )
    const { router } = renderApp('/profile')
    await screen.findByRole('heading', { level: 1, name: 'Mi Perfil' })
    await openMenu()

    // The button shows the client's initials: its name says them too (label in name).
    const button = screen.getByRole('button', { name: /^Menú de usuario/ })
    expect(button.textContent).toBe('AR')
    expectLabelInName(button)

    const menu = must(
      screen.getByRole('navigation', { name: 'Cuenta' }).parentElement,
      "screen.getByRole('navigation', { name: 'Cuenta' }).parentElement",
    )
    expect(within(menu).getByText('Ana Rodríguez')).toBeTruthy()
    expect(within(menu).getByText('ana@ejemplo.mx')).toBeTruthy()
    expect(within(menu).getByRole('link', { name: 'Mi perfil' }).getAttribute('href')).toBe('/profile')
    expect(within(menu).getByRole('link', { name: 'Mis reservas' }).getAttribute('href')).toBe(
      '/my-reservations',
    )

    await user.click(within(menu).getByRole('button', { name: 'Cerrar sesión' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull())
    expect(localStorage.getItem('auth_user')).toBeNull()
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/auth/logout')).toBe(true),
    )
    const [, init] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/logout'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/logout')",
    )
    expect(must(init, 'init').method).toBe('POST')
    expect((must(init, 'init').headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`)
    await openMenu()
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy()
    // Home it stays: the guard of Mi Perfil does not send the client who just left to the login.
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'))
    expect(router.state.location.pathname).toBe('/')
    expect(screen.queryByRole('heading', { level: 1, name: 'Inicia Sesión' })).toBeNull()
  })

  it('closes with Escape (focus back on its button), on a press outside and when focus leaves', async () => {
    const user = userEvent.setup()
    mockFetch(() => jsonResponse({}))
    renderApp('/terms')
    await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })
    const button = await screen.findByRole('button', { name: /^Menú de usuario/ })
    const isOpen = () => screen.queryByRole('link', { name: 'Registrarse' }) !== null

    await openMenu()
    expect(isOpen()).toBe(true)
    // A press on its own button is not a press outside: the button closes it (were the press outside, it
    // would close the menu and the click open it again).
    await user.click(button)
    expect(isOpen()).toBe(false)

    await openMenu()
    await user.tab()
    expect(document.activeElement).not.toBe(button)
    expect(isOpen()).toBe(true)
    await user.keyboard('{Escape}')
    expect(isOpen()).toBe(false)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)

    await openMenu()
    await waitFor(async () => {
      await user.click(document.body)
      expect(isOpen()).toBe(false)
    })

    // Focus leaving: from its button back to what comes before it in the header.
    await openMenu()
    await waitFor(async () => {
      await user.tab({ shift: true })
      expect(isOpen()).toBe(false)
    })
  })
})
