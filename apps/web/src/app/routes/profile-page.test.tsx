import type { Client } from '@cabanas/domain/auth'
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

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/** A signed-in client on /profile; `handle` answers everything but /auth/check. */
async function openProfile(client: Client, handle: Handler = () => jsonResponse({})) {
  readyToaster()
  storeSession(client)
  const fetchMock = mockFetch((url, init) =>
    url.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : handle(url, init),
  )
  renderApp('/profile')
  await screen.findByRole('heading', { level: 1, name: 'Mi Perfil' })
  const toaster = await findToaster()
  return { fetchMock, toaster }
}

const phoneInput = () => screen.getByLabelText(/^Teléfono/)
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path)

describe('ProfilePage', () => {
  it('shows the four account cards and the linked accounts', async () => {
    await openProfile(
      buildClient({
        lastLogin: '2026-07-14T17:30:00.000Z',
        isEmailVerified: true,
        oauthProviders: { google: true, facebook: false },
      }),
    )

    const card = (label: string) =>
      must(screen.getByText(label, { selector: 'dt' }).nextElementSibling, `the value of ${label}`)
        .textContent
    expect(card('Correo electrónico')).toBe('ana@ejemplo.mx')
    expect(card('Último acceso')).toBe('14 de julio de 2026')
    expect(card('Método de registro')).toBe('Correo electrónico')
    expect(card('Correo verificado')).toBe('Verificado')
    const linked = screen.getByRole('region', { name: 'Cuentas vinculadas' })
    const account = (name: string) =>
      must(within(linked).getByText(name).nextElementSibling, `the state of ${name}`).textContent
    expect(account('Google')).toBe('Vinculada')
    expect(account('Facebook')).toBe('No vinculada')
  })

  it.each([
    ['+52 55-1234-5678', '5512345678'],
    ['+525512345678', '5512345678'],
    ['52 33 1234 5678', '3312345678'],
    [null, ''],
  ])('shows the stored phone %s as %s after the fixed +52', async (stored, shown) => {
    await openProfile(buildClient({ phone: stored }))

    expect(phoneInput()).toHaveValue(shown)
    expect(screen.getByText('Ingresa 10 dígitos sin espacios ni guiones')).toBeInTheDocument()
  })

  it("saves the personal data and toasts 'Perfil actualizado'", async () => {
    const user = userEvent.setup()
    const saved = buildClient({ firstName: 'Anabel', phone: '+523312345678' })
    // The answer waits until the test has seen the pending button.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const { fetchMock, toaster } = await openProfile(buildClient({ phone: '+525512345678' }), async (url) => {
      if (url.pathname !== '/auth/profile') return jsonResponse({})
      await answered
      return jsonResponse({
        success: true,
        message: 'Tu información ha sido actualizada correctamente',
        data: { client: saved },
      })
    })

    await user.clear(screen.getByLabelText('Nombre'))
    await user.type(screen.getByLabelText('Nombre'), 'Anabel')
    await user.clear(phoneInput())
    await user.type(phoneInput(), '33 1234 5678')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeDisabled()
    answer()
    expect(await within(toaster).findByText('Perfil actualizado')).toBeInTheDocument()
    expect(within(toaster).getByText('Tu información ha sido actualizada correctamente')).toBeInTheDocument()
    const init = must(
      callsTo(fetchMock, '/auth/profile')[0]?.[1],
      'the options of the request to /auth/profile',
    )
    expect(init.method).toBe('PUT')
    expect(JSON.parse(String(init.body))).toEqual({
      firstName: 'Anabel',
      lastName: 'Rodríguez',
      phone: '+523312345678',
    })
    expect(JSON.parse(must(localStorage.getItem('auth_user'), 'the stored user')).firstName).toBe('Anabel')
  })

  it("toasts 'Error' with the server's message, then the fallback and the unexpected texts", async () => {
    const user = userEvent.setup()
    let answer: () => Response = () =>
      jsonResponse(
        {
          success: false,
          error: 'El nombre debe tener al menos 2 caracteres',
          errorType: 'VALIDATION_ERROR',
        },
        400,
      )
    const { toaster } = await openProfile(buildClient(), (url) =>
      url.pathname === '/auth/profile' ? answer() : jsonResponse({}),
    )
    const save = () => user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    await save()
    expect(await within(toaster).findByText('El nombre debe tener al menos 2 caracteres')).toBeInTheDocument()
    expect(within(toaster).getAllByText('Error').length).toBeGreaterThan(0)

    answer = () => new Response(null, { status: 500 })
    await save()
    expect(await within(toaster).findByText('No se pudo actualizar el perfil')).toBeInTheDocument()

    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    await save()
    expect(await within(toaster).findByText('Ocurrió un error al actualizar el perfil')).toBeInTheDocument()
  })

  it('validates the phone before saving', async () => {
    const user = userEvent.setup()
    const { fetchMock } = await openProfile(buildClient())

    await user.clear(phoneInput())
    await user.type(phoneInput(), '55123')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByText('El teléfono debe tener exactamente 10 dígitos')).toBeInTheDocument()
    expect(callsTo(fetchMock, '/auth/profile')).toHaveLength(0)
  })

  it("saves the three notification switches and toasts 'Preferencias actualizadas'", async () => {
    const user = userEvent.setup()
    const client = buildClient()
    const { fetchMock, toaster } = await openProfile(client, (url, init) =>
      url.pathname === '/auth/preferences'
        ? jsonResponse({
            success: true,
            message: 'Tus preferencias han sido actualizadas correctamente',
            data: {
              client: {
                ...client,
                preferences: JSON.parse(String(must(init, 'the request’s options').body)),
              },
            },
          })
        : jsonResponse({}),
    )

    const sms = screen.getByRole('switch', { name: 'Notificaciones por SMS' })
    expect(sms).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByRole('switch', { name: 'Notificaciones por correo electrónico' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await user.click(sms)
    await user.click(screen.getByRole('switch', { name: 'Boletín de novedades' }))
    expect(sms).toHaveAttribute('aria-checked', 'true')
    await user.click(screen.getByRole('button', { name: 'Guardar preferencias' }))

    expect(await within(toaster).findByText('Preferencias actualizadas')).toBeInTheDocument()
    expect(
      within(toaster).getByText('Tus preferencias han sido actualizadas correctamente'),
    ).toBeInTheDocument()
    const init = must(
      callsTo(fetchMock, '/auth/preferences')[0]?.[1],
      'the options of the request to /auth/preferences',
    )
    expect(JSON.parse(String(init.body))).toEqual({
      notifications: { email: true, sms: true },
      newsletter: true,
    })
  })

  it('toasts the preferences failures', async () => {
    const user = userEvent.setup()
    let answer: () => Response = () => new Response(null, { status: 500 })
    const { toaster } = await openProfile(buildClient(), (url) =>
      url.pathname === '/auth/preferences' ? answer() : jsonResponse({}),
    )
    const save = () => user.click(screen.getByRole('button', { name: 'Guardar preferencias' }))

    await save()
    expect(await within(toaster).findByText('No se pudieron actualizar las preferencias')).toBeInTheDocument()
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    await save()
    expect(
      await within(toaster).findByText('Ocurrió un error al actualizar las preferencias'),
    ).toBeInTheDocument()
  })

  it('ends the session when the server refuses the token on save', async () => {
    const user = userEvent.setup()
    await openProfile(buildClient(), (url) =>
      url.pathname === '/auth/profile'
        ? jsonResponse({ success: false, error: 'Sesión expirada', errorType: 'UNAUTHORIZED' }, 401)
        : jsonResponse({}),
    )

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull())
  })
})

describe("ProfilePage: 'Reenviar correo de verificación'", () => {
  const resendButton = () => screen.queryByRole('button', { name: 'Reenviar correo de verificación' })

  it("offers it next to 'No verificado' and toasts the server's answer", async () => {
    const user = userEvent.setup()
    const sent = 'Te enviamos un nuevo enlace para confirmar tu correo. Revisa tu bandeja de entrada.'
    const { fetchMock, toaster } = await openProfile(buildClient({ isEmailVerified: false }), (url) =>
      url.pathname === '/auth/resend-verification'
        ? jsonResponse({ success: true, message: sent })
        : jsonResponse({}),
    )
    const card = screen.getByText('Correo verificado', { selector: 'dt' }).nextElementSibling as HTMLElement
    expect(within(card).getByText('No verificado')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Reenviar correo de verificación' }))

    expect(await within(toaster).findByText('Correo enviado')).toBeInTheDocument()
    expect(within(toaster).getByText(sent)).toBeInTheDocument()
    const init = must(
      callsTo(fetchMock, '/auth/resend-verification')[0]?.[1],
      'the options of the request to /auth/resend-verification',
    )
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('Authorization')).toBe(
      `Bearer ${localStorage.getItem('auth_token')}`,
    )
  })

  it('toasts the limit when too many links were asked for', async () => {
    const user = userEvent.setup()
    const limited = 'Ya te enviamos varios enlaces. Espera un rato antes de pedir otro.'
    const { toaster } = await openProfile(buildClient({ isEmailVerified: false }), (url) =>
      url.pathname === '/auth/resend-verification'
        ? jsonResponse({ success: false, error: limited, errorType: 'RATE_LIMITED' }, 429)
        : jsonResponse({}),
    )

    await user.click(must(resendButton(), 'the resend button'))

    expect(await within(toaster).findByText(limited)).toBeInTheDocument()
    expect(within(toaster).getAllByText('Error').length).toBeGreaterThan(0)
  })

  it('is not offered once the address is verified', async () => {
    await openProfile(buildClient({ isEmailVerified: true }))

    expect(screen.getByText('Verificado')).toBeInTheDocument()
    expect(resendButton()).not.toBeInTheDocument()
  })
})

describe('ProfilePage: Cambiar contraseña', () => {
  const fillPasswords = async (user: UserEvent, current: string, next: string, confirm = next) => {
    await user.clear(screen.getByLabelText('Contraseña actual'))
    await user.type(screen.getByLabelText('Contraseña actual'), current)
    await user.clear(screen.getByLabelText('Nueva contraseña'))
    await user.type(screen.getByLabelText('Nueva contraseña'), next)
    await user.clear(screen.getByLabelText('Confirmar nueva contraseña'))
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), confirm)
  }
  const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }))

  it('changes the password, keeps the session with the new token and clears the fields', async () => {
    const user = userEvent.setup()
    const client = buildClient()
    const fresh = buildToken(7200)
    const { fetchMock, toaster } = await openProfile(client, (url) =>
      url.pathname === '/auth/password'
        ? jsonResponse(
            sessionResponse(client, fresh, 'Tu contraseña fue actualizada. Cerramos tus otras sesiones.'),
          )
        : jsonResponse({}),
    )
    const section = screen.getByRole('region', { name: 'Cambiar contraseña' })
    expect(
      within(section).getByText('Al cambiarla cerraremos tu sesión en tus otros dispositivos.'),
    ).toBeInTheDocument()

    await fillPasswords(user, 'vieja-clave', 'nueva-clave')
    await submit(user)

    expect(await within(toaster).findByText('Contraseña actualizada')).toBeInTheDocument()
    expect(
      within(toaster).getByText('Tu contraseña fue actualizada. Cerramos tus otras sesiones.'),
    ).toBeInTheDocument()
    const init = must(
      callsTo(fetchMock, '/auth/password')[0]?.[1],
      'the options of the request to /auth/password',
    )
    expect(init.method).toBe('PUT')
    expect(JSON.parse(String(init.body))).toEqual({
      currentPassword: 'vieja-clave',
      newPassword: 'nueva-clave',
      confirmPassword: 'nueva-clave',
    })
    expect(localStorage.getItem('auth_token')).toBe(fresh)
    await waitFor(() => expect(screen.getByLabelText('Contraseña actual')).toHaveValue(''))
    expect(screen.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeInTheDocument()
  })

  it("shows the server's refusal of the current password under its field and keeps the token", async () => {
    const user = userEvent.setup()
    const { toaster } = await openProfile(buildClient(), (url) =>
      url.pathname === '/auth/password'
        ? jsonResponse(
            {
              success: false,
              error: 'La contraseña actual es incorrecta',
              errorType: 'VALIDATION_ERROR',
              details: [{ field: 'currentPassword', message: 'La contraseña actual es incorrecta' }],
            },
            400,
          )
        : jsonResponse({}),
    )
    const token = localStorage.getItem('auth_token')

    await fillPasswords(user, 'no-es-esta', 'nueva-clave')
    await submit(user)

    const field = await screen.findAllByText('La contraseña actual es incorrecta')
    expect(field.some((node) => !toaster.contains(node))).toBe(true)
    expect(within(toaster).getAllByText('Error').length).toBeGreaterThan(0)
    expect(localStorage.getItem('auth_token')).toBe(token)
  })

  it('checks the new password before calling the server', async () => {
    const user = userEvent.setup()
    const { fetchMock } = await openProfile(buildClient())

    await fillPasswords(user, 'vieja-clave', 'nueva-clave', 'otra-clave')
    await submit(user)
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument()

    await fillPasswords(user, 'vieja-clave', 'vieja-clave')
    await submit(user)
    expect(await screen.findByText('La nueva contraseña debe ser distinta de la actual')).toBeInTheDocument()
    expect(callsTo(fetchMock, '/auth/password')).toHaveLength(0)
  })
})
