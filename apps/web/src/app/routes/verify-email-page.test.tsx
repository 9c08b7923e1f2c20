import type { Client } from '@cabanas/domain/auth'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildClient, checkResponse, findToaster, readyToaster, storeSession } from '../../test/session'

const TOKEN = 'k3S9dQ2xVfT7mB1nR8pZ4wY6uH0jL5cAq1w2e3r4t5y'
const invalid = 'El enlace para confirmar tu correo no es válido o ya expiró. Solicita uno nuevo.'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const RENEWED = 'sesion-nueva-que-reemplaza-a-la-anterior'

function verified(
  client: Client,
  joined = { reservations: 2, requests: 1 },
  message = '¡Correo verificado!',
) {
  return jsonResponse({
    success: true,
    message,
    data: {
      outcome: 'verified',
      kind: 'address',
      client: { ...client, isEmailVerified: true },
      joined,
      token: RENEWED,
    },
  })
}

const ownerNeeded = () =>
  jsonResponse({
    success: true,
    message: 'Para confirmar este correo, dinos si tú creaste la cuenta.',
    data: {
      outcome: 'owner-needed',
      kind: 'address',
      email: 'ana@ejemplo.mx',
      accountCreatedAt: '2026-11-27T02:15:00.000Z',
    },
  })

const refused = () =>
  jsonResponse({ success: false, error: invalid, errorType: 'VALIDATION_ERROR', message: invalid }, 400)

/** Opens the mailed link, signed in as `signedIn` or anonymous; `/auth/check` answers for the session. */
function openLink(
  handle: Handler,
  { signedIn, url = `/verificar-correo#token=${TOKEN}` }: { signedIn?: Client; url?: string } = {},
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
    expect(router.state.location.hash).toBe('')
    expect(posts()).toHaveLength(1)
    expect(JSON.parse(String(must(must(posts()[0], 'posts()[0]')[1], 'posts()[0]![1]').body))).toEqual({
      token: TOKEN,
    })
    // The account's own session goes with the link: that is what lets it join the bookings.
    expect(
      new Headers(must(must(posts()[0], 'posts()[0]')[1], 'posts()[0]![1]').headers).get('Authorization'),
    ).toMatch(/^Bearer /)
    expect(
      screen.getByText('2 reservas y 1 solicitud de reserva ahora están en tu cuenta.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver Mis Reservas' })).toHaveAttribute('href', '/my-reservations')
    // The session's stored user is now verified, and the session is the one that replaced it.
    await waitFor(() =>
      expect(
        JSON.parse(must(localStorage.getItem('auth_user'), "localStorage.getItem('auth_user')"))
          .isEmailVerified,
      ).toBe(true),
    )
    expect(localStorage.getItem('auth_token')).toBe(RENEWED)
    expect(posts()).toHaveLength(1)
  })

  it('asks an anonymous visitor who created the account; "No fui yo" takes it back with a new password', async () => {
    const user = userEvent.setup()
    const client = buildClient({ email: 'ana@ejemplo.mx' })
    const { fetchMock, posts } = openLink((url) =>
      url.pathname === '/auth/verify-email'
        ? ownerNeeded()
        : url.pathname === '/auth/verify-email/take-back'
          ? verified(client, { reservations: 1, requests: 0 }, 'Listo: la cuenta ahora es solo tuya.')
          : jsonResponse({}),
    )

    await screen.findByRole('heading', { level: 1, name: '¿Creaste tú esta cuenta?' })
    expect(
      screen.getByText(
        /Esta cuenta se creó el 26 de noviembre de 2026 a las 20:15 \(hora de la Ciudad de México\)/,
      ),
    ).toBeInTheDocument()
    expect(posts()).toHaveLength(1)
    expect(
      new Headers(must(must(posts()[0], 'posts()[0]')[1], 'posts()[0]![1]').headers).get('Authorization'),
    ).toBeNull()

    await user.clear(screen.getByLabelText('Contraseña nueva'))
    await user.type(screen.getByLabelText('Contraseña nueva'), 'mia-de-verdad')
    await user.clear(screen.getByLabelText('Confirmar contraseña nueva'))
    await user.type(screen.getByLabelText('Confirmar contraseña nueva'), 'mia-de-verdad')
    await user.click(screen.getByRole('button', { name: 'Elegir contraseña y proteger mi cuenta' }))

    await screen.findByRole('heading', { level: 1, name: '¡Correo verificado!' })
    expect(screen.getByText('Listo: la cuenta ahora es solo tuya.')).toBeInTheDocument()
    expect(screen.getByText('1 reserva ahora está en tu cuenta.')).toBeInTheDocument()
    const [, init] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/verify-email/take-back'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/verify-...",
    )
    expect(JSON.parse(String(must(init, 'init').body))).toEqual({
      token: TOKEN,
      password: 'mia-de-verdad',
      confirmPassword: 'mia-de-verdad',
    })
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBe(RENEWED))
    expect(posts()).toHaveLength(1)
  })

  it('"La creé yo": signs in with the account’s password, then uses the link with that session', async () => {
    const user = userEvent.setup()
    const client = buildClient({ email: 'ana@ejemplo.mx' })
    const { fetchMock, posts } = openLink((url, init) => {
      if (url.pathname === '/auth/login') {
        return jsonResponse({
          success: true,
          message: 'Sesión iniciada',
          data: { token: 'recien-firmada', client },
        })
      }
      if (url.pathname !== '/auth/verify-email') return jsonResponse({})
      const signedIn = new Headers(init?.headers).get('Authorization') === 'Bearer recien-firmada'
      return signedIn ? verified(client) : ownerNeeded()
    })

    await screen.findByRole('heading', { level: 1, name: '¿Creaste tú esta cuenta?' })
    await user.clear(screen.getByLabelText('Contraseña de la cuenta'))
    await user.type(screen.getByLabelText('Contraseña de la cuenta'), 'secreta1')
    await user.click(screen.getByRole('button', { name: 'Confirmar mi correo' }))

    await screen.findByRole('heading', { level: 1, name: '¡Correo verificado!' })
    const [, login] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/login'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/login')",
    )
    expect(JSON.parse(String(must(login, 'login').body))).toMatchObject({
      email: 'ana@ejemplo.mx',
      password: 'secreta1',
    })
    expect(posts()).toHaveLength(2)
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBe(RENEWED))
  })

  it('explains a used or expired link and resends one to the signed-in client', async () => {
    const user = userEvent.setup()
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
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reenviar correo de verificación' }))

    expect(await within(toaster).findByText('Correo enviado')).toBeInTheDocument()
    const [, init] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/resend-verification'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/resend-...",
    )
    expect(must(init, 'init').method).toBe('POST')
    expect(new Headers(must(init, 'init').headers).get('Authorization')).toMatch(/^Bearer /)
  })

  it('asks an anonymous visitor with a refused link to log in to get a new one', async () => {
    openLink((url) => (url.pathname === '/auth/verify-email' ? refused() : jsonResponse({})))

    await screen.findByRole('heading', { level: 1, name: 'No pudimos verificar tu correo' })
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: 'Reenviar correo de verificación' })).not.toBeInTheDocument()
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
    const user = userEvent.setup()
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch')
    }
    const { posts } = openLink((url) => (url.pathname === '/auth/verify-email' ? answer() : jsonResponse({})))

    await screen.findByRole('heading', { level: 1, name: 'No pudimos verificar tu correo' })
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa tu conexión')
    answer = () => verified(buildClient())
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))

    await screen.findByRole('heading', { level: 1, name: '¡Correo verificado!' })
    expect(posts()).toHaveLength(2)
    expect(posts().map(([, init]) => JSON.parse(String(must(init, 'init').body)).token)).toEqual([
      TOKEN,
      TOKEN,
    ])
  })
})
