import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
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

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }))

async function openLogin(url = '/login') {
  const app = renderApp(url)
  await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
  return app
}

describe('LoginPage', () => {
  it('shows the Spanish validation messages without calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}))
    await openLogin()

    type('Correo electrónico', 'ana')
    type('Contraseña', '123')
    submit()

    expect(await screen.findByText('Correo electrónico inválido')).toBeTruthy()
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the server's message for wrong credentials", async () => {
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

    type('Correo electrónico', 'ana@ejemplo.mx')
    type('Contraseña', 'secreta1')
    submit()

    expect((await screen.findByRole('alert')).textContent).toBe('Correo electrónico o contraseña incorrectos')
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it("falls back to 'Error al iniciar sesión', and to the unexpected message when the network fails", async () => {
    let failure: () => Response = () => new Response(null, { status: 500 })
    mockFetch((url) => (url.pathname === '/auth/login' ? failure() : jsonResponse({})))
    await openLogin()
    type('Correo electrónico', 'ana@ejemplo.mx')
    type('Contraseña', 'secreta1')

    submit()
    expect((await screen.findByRole('alert')).textContent).toBe('Error al iniciar sesión')

    failure = () => {
      throw new TypeError('Failed to fetch')
    }
    submit()
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error inesperado al iniciar sesión'),
    )
  })

  it('sends rememberMe, keeps the session and goes back (replacing) to where the user came from', async () => {
    const client = buildClient()
    const token = buildToken()
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/login' ? jsonResponse(sessionResponse(client, token)) : jsonResponse({}),
    )
    // A visitor opening Mis Reservas is sent to the login first.
    const { router } = renderApp('/my-reservations')
    await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
    expect(router.state.location.pathname).toBe('/login')

    type('Correo electrónico', ' ana@ejemplo.mx ')
    type('Contraseña', 'secreta1')
    fireEvent.click(screen.getByLabelText('Recordarme'))
    submit()
    expect(await screen.findByRole('button', { name: 'Iniciando sesión...' })).toBeTruthy()

    await screen.findByRole('heading', { level: 1, name: 'Mis Reservas' })
    expect(router.state.location.pathname).toBe('/my-reservations')
    expect(router.state.historyAction).toBe('REPLACE')
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/auth/login')!
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'ana@ejemplo.mx',
      password: 'secreta1',
      rememberMe: true,
    })
    expect(localStorage.getItem('auth_token')).toBe(token)
    expect(JSON.parse(localStorage.getItem('auth_user')!)).toEqual(client)
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
    readyToaster()
    const fetchMock = mockFetch(() => jsonResponse({}))
    await openLogin()
    const toaster = await findToaster()

    fireEvent.click(screen.getByRole('button', { name: 'Continuar con Google' }))
    expect(await within(toaster).findByText('Autenticación con google no disponible aún')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Regístrate' }).getAttribute('href')).toBe('/register')
  })

  it('shows and hides the password', async () => {
    mockFetch(() => jsonResponse({}))
    await openLogin()
    const password = screen.getByLabelText('Contraseña') as HTMLInputElement

    expect(password.type).toBe('password')
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }))
    expect(password.type).toBe('text')
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }))
    expect(password.type).toBe('password')
  })
})
