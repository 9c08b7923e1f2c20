import type { Client } from '@cabanas/domain/auth'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'
import { buildClient, checkResponse, findToaster, readyToaster, storeSession } from '../../test/session'

const TOKEN = 'k3S9dQ2xVfT7mB1nR8pZ4wY6uH0jL5cAq1w2e3r4t5y'
const invalid = 'El enlace para confirmar tu correo no es válido o ya expiró. Solicita uno nuevo.'

type Handler = (url: URL, init: RequestInit | undefined) => Response

function verified(client: Client, joined = { reservations: 2, requests: 1 }) {
  return jsonResponse({
    success: true,
    message: '¡Correo verificado!',
    data: { client: { ...client, isEmailVerified: true }, joined },
  })
}

const refused = () =>
  jsonResponse({ success: false, error: invalid, errorType: 'VALIDATION_ERROR', message: invalid }, 400)

/** Opens the mailed link, signed in as `signedIn` or anonymous; `/auth/check` answers for the session. */
function openLink(
  handle: Handler,
  { signedIn, url = `/verificar-correo?token=${TOKEN}` }: { signedIn?: Client; url?: string } = {},
) {
  if (signedIn) storeSession(signedIn)
  const fetchMock = mockFetch((url, init) =>
    url.pathname === '/auth/check' && signedIn ? jsonResponse(checkResponse(signedIn)) : handle(url, init),
  )
  const { router } = renderApp(url)
  const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/auth/verify-email')
  return { fetchMock, router, posts }
}

describe('VerifyEmailPage', () => {
  it('takes the token out of the address, posts it once and shows what joined the account', async () => {
    const client = buildClient()
    const { router, posts } = openLink(
      (url) => (url.pathname === '/auth/verify-email' ? verified(client) : jsonResponse({})),
      { signedIn: client },
    )

    await screen.findByRole('heading', { level: 1, name: '¡Correo verificado!' })
    expect(router.state.location.pathname).toBe('/verificar-correo')
    expect(router.state.location.search).toBe('')
    expect(posts()).toHaveLength(1)
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ token: TOKEN })
    expect(screen.getByText('2 reservas y 1 solicitud de reserva ahora están en tu cuenta.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver Mis Reservas' }).getAttribute('href')).toBe(
      '/my-reservations',
    )
    // The session's stored user is now verified too.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('auth_user')!).isEmailVerified).toBe(true))
  })

  it('sends an anonymous visitor to log in, then to Mis Reservas', async () => {
    const { router } = openLink((url) =>
      url.pathname === '/auth/verify-email'
        ? verified(buildClient(), { reservations: 1, requests: 0 })
        : jsonResponse({}),
    )

    await screen.findByRole('heading', { level: 1, name: '¡Correo verificado!' })
    expect(screen.getByText('1 reserva ahora está en tu cuenta.')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Iniciar sesión para ver Mis Reservas' }))
    await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
    expect(router.state.location.state).toEqual({ from: '/my-reservations' })
  })

  it('explains a used or expired link and resends one to the signed-in client', async () => {
    readyToaster()
    const client = buildClient({ email: 'ana@ejemplo.mx' })
    const { fetchMock } = openLink(
      (url) =>
        url.pathname === '/auth/verify-email'
          ? refused()
          : url.pathname === '/auth/resend-verification'
            ? jsonResponse({
                success: true,
                message:
                  'Te enviamos un nuevo enlace para confirmar tu correo. Revisa tu bandeja de entrada.',
              })
            : jsonResponse({}),
      { signedIn: client },
    )
    const toaster = await findToaster()

    await screen.findByRole('heading', { level: 1, name: 'No pudimos verificar tu correo' })
    expect(screen.getByRole('alert').textContent).toContain(invalid)
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar correo de verificación' }))

    expect(await within(toaster).findByText('Correo enviado')).toBeTruthy()
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/auth/resend-verification')!
    expect(init!.method).toBe('POST')
    expect(new Headers(init!.headers).get('Authorization')).toMatch(/^Bearer /)
  })

  it('asks an anonymous visitor with a refused link to log in to get a new one', async () => {
    openLink((url) => (url.pathname === '/auth/verify-email' ? refused() : jsonResponse({})))

    await screen.findByRole('heading', { level: 1, name: 'No pudimos verificar tu correo' })
    expect(screen.getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe('/login')
    expect(screen.queryByRole('button', { name: 'Reenviar correo de verificación' })).toBeNull()
  })

  it.each([
    ['a malformed token', '/verificar-correo?token=no%20es%20un%20token'],
    ['no token', '/verificar-correo'],
  ])('does not post %s', async (_case, url) => {
    const { posts } = openLink(() => jsonResponse({}), { url })

    await screen.findByRole('heading', { level: 1, name: 'No pudimos verificar tu correo' })
    expect(screen.getByRole('alert').textContent).toContain(invalid)
    expect(posts()).toHaveLength(0)
  })

  it('offers to try again when the server could not be reached, with the same token', async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch')
    }
    const { posts } = openLink((url) => (url.pathname === '/auth/verify-email' ? answer() : jsonResponse({})))

    await screen.findByRole('heading', { level: 1, name: 'No pudimos verificar tu correo' })
    expect(screen.getByRole('alert').textContent).toContain('Revisa tu conexión')
    answer = () => verified(buildClient())
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))

    await screen.findByRole('heading', { level: 1, name: '¡Correo verificado!' })
    expect(posts()).toHaveLength(2)
    expect(posts().map(([, init]) => JSON.parse(String(init!.body)).token)).toEqual([TOKEN, TOKEN])
  })
})
