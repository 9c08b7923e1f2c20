import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import {
  buildClient,
  checkResponse,
  findToaster,
  readyToaster,
  sessionResponse,
  storeSession,
} from '../../test/session'

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
async function type(user: UserEvent, label: string, value: string) {
  await user.clear(input(label))
  await user.type(input(label), value)
}
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Crear cuenta' }))

/** The error message tied to a field (its aria-describedby). */
function errorOf(label: string): string | null {
  const id = input(label).getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

async function openRegister() {
  const app = renderApp('/register')
  await screen.findByRole('heading', { level: 1, name: 'Crear Cuenta' })
  return app
}

async function fillValidForm(user: UserEvent) {
  await type(user, 'Nombre', 'Ana')
  await type(user, 'Apellido', 'Rodríguez')
  await type(user, 'Correo electrónico', 'ana@ejemplo.mx')
  await type(user, 'Contraseña', 'secreta1')
  await type(user, 'Confirmar contraseña', 'secreta1')
  await user.click(screen.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }))
}

describe('RegisterPage', () => {
  it('shows every rule of spec §5 under its own field', async () => {
    const user = userEvent.setup()
    const fetchMock = mockFetch(() => jsonResponse({}))
    await openRegister()

    await type(user, 'Nombre', 'A')
    await type(user, 'Apellido', 'R')
    await type(user, 'Correo electrónico', 'ana@')
    await type(user, 'Teléfono', '55 12')
    await type(user, 'Contraseña', '12345')
    await type(user, 'Confirmar contraseña', 'otra')
    await submit(user)

    await waitFor(() => expect(errorOf('Nombre')).toBe('El nombre debe tener al menos 2 caracteres'))
    expect(errorOf('Apellido')).toBe('El apellido debe tener al menos 2 caracteres')
    expect(errorOf('Correo electrónico')).toBe('Correo electrónico inválido')
    expect(errorOf('Teléfono')).toBe('El teléfono debe tener exactamente 10 dígitos')
    expect(errorOf('Contraseña')).toBe('La contraseña debe tener al menos 6 caracteres')
    expect(errorOf('Confirmar contraseña')).toBe('Las contraseñas no coinciden')
    expect(screen.getByText('Debes aceptar los términos y condiciones')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("puts 'Las contraseñas no coinciden' on the confirm field", async () => {
    const user = userEvent.setup()
    mockFetch(() => jsonResponse({}))
    await openRegister()
    await fillValidForm(user)
    await type(user, 'Confirmar contraseña', 'secreta2')
    await submit(user)

    await waitFor(() => expect(errorOf('Confirmar contraseña')).toBe('Las contraseñas no coinciden'))
    expect(errorOf('Contraseña')).toBeNull()
  })

  it('keeps the phone to 10 digits after the fixed +52, with the hint', async () => {
    const user = userEvent.setup()
    mockFetch(() => jsonResponse({}))
    await openRegister()

    expect(screen.getByText('+52')).toBeInTheDocument()
    expect(screen.getByText('Teléfono opcional - 10 dígitos sin espacios')).toBeInTheDocument()
    await type(user, 'Teléfono', '(55) 1234-5678 99')
    expect(input('Teléfono')).toHaveValue('5512345678')
  })

  it('creates the account with +52 and the phone, keeps the session and goes home', async () => {
    const user = userEvent.setup()
    const client = buildClient({ phone: '+525512345678' })
    // The answer waits until the test has seen the pending button.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const fetchMock = mockFetch(async (url) => {
      if (url.pathname !== '/auth/register') return jsonResponse({})
      await answered
      return jsonResponse(sessionResponse(client, undefined, 'Cuenta creada correctamente'), 201)
    })
    const { router } = await openRegister()
    await fillValidForm(user)
    await type(user, 'Teléfono', '55 1234 5678')
    await submit(user)

    expect(await screen.findByRole('button', { name: 'Creando cuenta...' })).toBeDisabled()
    answer()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    const init = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/register')?.[1],
      'the options of the request to /auth/register',
    )
    expect(JSON.parse(String(init.body))).toEqual({
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: 'ana@ejemplo.mx',
      password: 'secreta1',
      confirmPassword: 'secreta1',
      phone: '+525512345678',
      acceptTerms: true,
    })
    expect(JSON.parse(must(localStorage.getItem('auth_user'), 'the stored user'))).toEqual(client)
  })

  it('leaves an empty phone out of the payload and shows a taken email', async () => {
    const user = userEvent.setup()
    const message =
      'Ya existe una cuenta con este correo electrónico. Inicia sesión o recupera tu contraseña.'
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/register'
        ? jsonResponse({ success: false, error: message, errorType: 'EMAIL_TAKEN', message }, 409)
        : jsonResponse({}),
    )
    await openRegister()
    await fillValidForm(user)
    await submit(user)

    expect((await screen.findByRole('alert')).textContent).toBe(message)
    const init = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/register')?.[1],
      'the options of the request to /auth/register',
    )
    expect(JSON.parse(String(init.body))).not.toHaveProperty('phone')
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it("falls back to 'Error al registrar usuario' and 'Error inesperado al registrar usuario'", async () => {
    const user = userEvent.setup()
    let failure: () => Response = () => new Response(null, { status: 502 })
    mockFetch((url) => (url.pathname === '/auth/register' ? failure() : jsonResponse({})))
    await openRegister()
    await fillValidForm(user)

    await submit(user)
    expect((await screen.findByRole('alert')).textContent).toBe('Error al registrar usuario')
    failure = () => {
      throw new TypeError('Failed to fetch')
    }
    await submit(user)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error inesperado al registrar usuario'),
    )
  })

  it('links the terms and the privacy notice, and answers the Google button with a message', async () => {
    const user = userEvent.setup()
    readyToaster()
    mockFetch(() => jsonResponse({}))
    await openRegister()
    const toaster = await findToaster()

    expect(screen.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'aviso de privacidad' })).toHaveAttribute('href', '/privacy')
    await user.click(screen.getByRole('button', { name: 'Continuar con Google' }))
    expect(await within(toaster).findByText('Registro con google no disponible aún')).toBeInTheDocument()
  })

  it('sends a signed-in client home', async () => {
    const { client } = storeSession()
    mockFetch((url) =>
      url.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : jsonResponse({}),
    )
    const { router } = renderApp('/register')

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
