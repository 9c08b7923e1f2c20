import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import {
  buildClient,
  buildToken,
  checkResponse,
  findToaster,
  readyToaster,
  sessionResponse,
  storeSession,
} from '../../test/session'

async function type(user: UserEvent, label: string, value: string) {
  await user.clear(screen.getByLabelText(label))
  await user.type(screen.getByLabelText(label), value)
}
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))

async function openLogin(url = '/login') {
  const app = renderApp(url)
  await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
  return app
}

describe('LoginPage', () => {
  it('shows the Spanish validation messages without calling the server', async () => {
    const user = userEvent.setup()
    const fetchMock = mockFetch(() => jsonResponse({}))
    await openLogin()

    await type(user, 'Correo electrónico', 'ana')
    await type(user, 'Contraseña', '123')
    await submit(user)

    expect(await screen.findByText('Correo electrónico inválido')).toBeInTheDocument()
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the server's message for wrong credentials", async () => {
    const user = userEvent.setup()
    mockFetch((url) =>
      url.pathname === '/auth/login'
        ? jsonResponse(
            {
              success: false,
              error: 'Correo electrónico o contraseña incorrectos',
              errorType: 'BAD_CREDENTIALS',
              message: 'Correo electrónico o contraseña incorrectos',
            },
            401,
          )
        : jsonResponse({}),
    )
    await openLogin()

    await type(user, 'Correo electrónico', 'ana@ejemplo.mx')
    await type(user, 'Contraseña', 'secreta1')
    await submit(user)

    expect((await screen.findByRole('alert')).textContent).toBe('Correo electrónico o contraseña incorrectos')
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it("falls back to 'Error al iniciar sesión', and to the unexpected message when the network fails", async () => {
    const user = userEvent.setup()
    let failure: () => Response = () => new Response(null, { status: 500 })
    mockFetch((url) => (url.pathname === '/auth/login' ? failure() : jsonResponse({})))
    await openLogin()
    await type(user, 'Correo electrónico', 'ana@ejemplo.mx')
    await type(user, 'Contraseña', 'secreta1')

    await submit(user)
    expect((await screen.findByRole('alert')).textContent).toBe('Error al iniciar sesión')

    failure = () => {
      throw new TypeError('Failed to fetch')
    }
    await submit(user)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error inesperado al iniciar sesión'),
    )
  })

  it('sends rememberMe, keeps the session and goes back (replacing) to where the user came from', async () => {
    const user = userEvent.setup()
    const client = buildClient()
    const token = buildToken()
    // The answer waits until the test has seen the pending button.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const fetchMock = mockFetch(async (url) => {
      if (url.pathname !== '/auth/login') return jsonResponse({})
      await answered
      return jsonResponse(sessionResponse(client, token))
    })
    // A visitor opening Mis Reservas is sent to the login first.
    const { router } = renderApp('/my-reservations')
    await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
    expect(router.state.location.pathname).toBe('/login')

    await type(user, 'Correo electrónico', ' ana@ejemplo.mx ')
    await type(user, 'Contraseña', 'secreta1')
    await user.click(screen.getByLabelText('Recordarme'))
    await submit(user)
    expect(await screen.findByRole('button', { name: 'Iniciando sesión...' })).toBeDisabled()
    answer()

    await screen.findByRole('heading', { level: 1, name: 'Mis Reservas' })
    expect(router.state.location.pathname).toBe('/my-reservations')
    expect(router.state.historyAction).toBe('REPLACE')
    const init = must(
      fetchMock.mock.calls.find(([input]) => String(input) === '/auth/login')?.[1],
      'the options of the request to /auth/login',
    )
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ana@ejemplo.mx',
      password: 'secreta1',
      rememberMe: true,
    })
    expect(localStorage.getItem('auth_token')).toBe(token)
    expect(JSON.parse(must(localStorage.getItem('auth_user'), 'the stored user'))).toEqual(client)
  })

  it('sends a signed-in client away from the login page', async () => {
    const { client } = storeSession()
    mockFetch((url) =>
      url.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : jsonResponse({}),
    )
    const { router } = renderApp('/login')

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it("answers 'Continuar con Google' with a message, and links to the password reset and to the register page", async () => {
    const user = userEvent.setup()
    readyToaster()
    const fetchMock = mockFetch(() => jsonResponse({}))
    await openLogin()
    const toaster = await findToaster()

    await user.click(screen.getByRole('button', { name: 'Continuar con Google' }))
    expect(await within(toaster).findByText('Autenticación con google no disponible aún')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register')
  })

  it('shows and hides the password', async () => {
    const user = userEvent.setup()
    mockFetch(() => jsonResponse({}))
    await openLogin()
    const password = screen.getByLabelText('Contraseña')

    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }))
    expect(password).toHaveAttribute('type', 'password')
  })
})
