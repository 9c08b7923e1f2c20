import type { Client } from '@cabanas/domain/auth'
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

type Handler = (url: URL, init: RequestInit | undefined) => Response

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

const phoneInput = () => screen.getByLabelText(/^Teléfono/) as HTMLInputElement
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
      screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent
    expect(card('Correo electrónico')).toBe('ana@ejemplo.mx')
    expect(card('Último acceso')).toBe('14 de julio de 2026')
    expect(card('Método de registro')).toBe('Correo electrónico')
    expect(card('Correo verificado')).toBe('Verificado')
    const linked = screen.getByRole('region', { name: 'Cuentas vinculadas' })
    expect(within(linked).getByText('Google').nextElementSibling!.textContent).toBe('Vinculada')
    expect(within(linked).getByText('Facebook').nextElementSibling!.textContent).toBe('No vinculada')
  })

  it.each([
    ['+52 55-1234-5678', '5512345678'],
    ['+525512345678', '5512345678'],
    ['52 33 1234 5678', '3312345678'],
    [null, ''],
  ])('shows the stored phone %s as %s after the fixed +52', async (stored, shown) => {
    await openProfile(buildClient({ phone: stored }))

    expect(phoneInput().value).toBe(shown)
    expect(screen.getByText('Ingresa 10 dígitos sin espacios ni guiones')).toBeTruthy()
  })

  it("saves the personal data and toasts 'Perfil actualizado'", async () => {
    const saved = buildClient({ firstName: 'Anabel', phone: '+523312345678' })
    const { fetchMock, toaster } = await openProfile(buildClient({ phone: '+525512345678' }), (url) =>
      url.pathname === '/auth/profile'
        ? jsonResponse({
            success: true,
            message: 'Tu información ha sido actualizada correctamente',
            data: { client: saved },
          })
        : jsonResponse({}),
    )

    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Anabel' } })
    fireEvent.change(phoneInput(), { target: { value: '33 1234 5678' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeTruthy()
    expect(await within(toaster).findByText('Perfil actualizado')).toBeTruthy()
    expect(within(toaster).getByText('Tu información ha sido actualizada correctamente')).toBeTruthy()
    const [, init] = callsTo(fetchMock, '/auth/profile')[0]!
    expect(init!.method).toBe('PUT')
    expect(JSON.parse(String(init!.body))).toEqual({
      firstName: 'Anabel',
      lastName: 'Rodríguez',
      phone: '+523312345678',
    })
    expect(JSON.parse(localStorage.getItem('auth_user')!).firstName).toBe('Anabel')
  })

  it("toasts 'Error' with the server's message, then the fallback and the unexpected texts", async () => {
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
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    save()
    expect(await within(toaster).findByText('El nombre debe tener al menos 2 caracteres')).toBeTruthy()
    expect(within(toaster).getAllByText('Error').length).toBeGreaterThan(0)

    answer = () => new Response(null, { status: 500 })
    save()
    expect(await within(toaster).findByText('No se pudo actualizar el perfil')).toBeTruthy()

    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    save()
    expect(await within(toaster).findByText('Ocurrió un error al actualizar el perfil')).toBeTruthy()
  })

  it('validates the phone before saving', async () => {
    const { fetchMock } = await openProfile(buildClient())

    fireEvent.change(phoneInput(), { target: { value: '55123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByText('El teléfono debe tener exactamente 10 dígitos')).toBeTruthy()
    expect(callsTo(fetchMock, '/auth/profile')).toHaveLength(0)
  })

  it("saves the three notification switches and toasts 'Preferencias actualizadas'", async () => {
    const client = buildClient()
    const { fetchMock, toaster } = await openProfile(client, (url, init) =>
      url.pathname === '/auth/preferences'
        ? jsonResponse({
            success: true,
            message: 'Tus preferencias han sido actualizadas correctamente',
            data: { client: { ...client, preferences: JSON.parse(String(init!.body)) } },
          })
        : jsonResponse({}),
    )

    const sms = screen.getByRole('switch', { name: 'Notificaciones por SMS' })
    expect(sms.getAttribute('aria-checked')).toBe('false')
    expect(
      screen
        .getByRole('switch', { name: 'Notificaciones por correo electrónico' })
        .getAttribute('aria-checked'),
    ).toBe('true')
    fireEvent.click(sms)
    fireEvent.click(screen.getByRole('switch', { name: 'Boletín de novedades' }))
    expect(sms.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }))

    expect(await within(toaster).findByText('Preferencias actualizadas')).toBeTruthy()
    expect(within(toaster).getByText('Tus preferencias han sido actualizadas correctamente')).toBeTruthy()
    const [, init] = callsTo(fetchMock, '/auth/preferences')[0]!
    expect(JSON.parse(String(init!.body))).toEqual({
      notifications: { email: true, sms: true },
      newsletter: true,
    })
  })

  it('toasts the preferences failures', async () => {
    let answer: () => Response = () => new Response(null, { status: 500 })
    const { toaster } = await openProfile(buildClient(), (url) =>
      url.pathname === '/auth/preferences' ? answer() : jsonResponse({}),
    )
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }))

    save()
    expect(await within(toaster).findByText('No se pudieron actualizar las preferencias')).toBeTruthy()
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    save()
    expect(await within(toaster).findByText('Ocurrió un error al actualizar las preferencias')).toBeTruthy()
  })

  it('ends the session when the server refuses the token on save', async () => {
    await openProfile(buildClient(), (url) =>
      url.pathname === '/auth/profile'
        ? jsonResponse({ success: false, error: 'Sesión expirada', errorType: 'UNAUTHORIZED' }, 401)
        : jsonResponse({}),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull())
  })
})

describe("ProfilePage: 'Reenviar correo de verificación'", () => {
  const resendButton = () => screen.queryByRole('button', { name: 'Reenviar correo de verificación' })

  it("offers it next to 'No verificado' and toasts the server's answer", async () => {
    const sent = 'Te enviamos un nuevo enlace para confirmar tu correo. Revisa tu bandeja de entrada.'
    const { fetchMock, toaster } = await openProfile(buildClient({ isEmailVerified: false }), (url) =>
      url.pathname === '/auth/resend-verification'
        ? jsonResponse({ success: true, message: sent })
        : jsonResponse({}),
    )
    const card = screen.getByText('Correo verificado', { selector: 'dt' }).nextElementSibling as HTMLElement
    expect(within(card).getByText('No verificado')).toBeTruthy()

    fireEvent.click(within(card).getByRole('button', { name: 'Reenviar correo de verificación' }))

    expect(await within(toaster).findByText('Correo enviado')).toBeTruthy()
    expect(within(toaster).getByText(sent)).toBeTruthy()
    const [, init] = callsTo(fetchMock, '/auth/resend-verification')[0]!
    expect(init!.method).toBe('POST')
    expect(new Headers(init!.headers).get('Authorization')).toBe(
      `Bearer ${localStorage.getItem('auth_token')}`,
    )
  })

  it('toasts the limit when too many links were asked for', async () => {
    const limited = 'Ya te enviamos varios enlaces. Espera un rato antes de pedir otro.'
    const { toaster } = await openProfile(buildClient({ isEmailVerified: false }), (url) =>
      url.pathname === '/auth/resend-verification'
        ? jsonResponse({ success: false, error: limited, errorType: 'RATE_LIMITED' }, 429)
        : jsonResponse({}),
    )

    fireEvent.click(resendButton()!)

    expect(await within(toaster).findByText(limited)).toBeTruthy()
    expect(within(toaster).getAllByText('Error').length).toBeGreaterThan(0)
  })

  it('is not offered once the address is verified', async () => {
    await openProfile(buildClient({ isEmailVerified: true }))

    expect(screen.getByText('Verificado')).toBeTruthy()
    expect(resendButton()).toBeNull()
  })
})

describe('ProfilePage: Cambiar contraseña', () => {
  const fillPasswords = (current: string, next: string, confirm = next) => {
    fireEvent.change(screen.getByLabelText('Contraseña actual'), { target: { value: current } })
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: next } })
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: confirm } })
  }
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }))

  it('changes the password, keeps the session with the new token and clears the fields', async () => {
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
    ).toBeTruthy()

    fillPasswords('vieja-clave', 'nueva-clave')
    submit()

    expect(await within(toaster).findByText('Contraseña actualizada')).toBeTruthy()
    expect(
      within(toaster).getByText('Tu contraseña fue actualizada. Cerramos tus otras sesiones.'),
    ).toBeTruthy()
    const [, init] = callsTo(fetchMock, '/auth/password')[0]!
    expect(init!.method).toBe('PUT')
    expect(JSON.parse(String(init!.body))).toEqual({
      currentPassword: 'vieja-clave',
      newPassword: 'nueva-clave',
      confirmPassword: 'nueva-clave',
    })
    expect(localStorage.getItem('auth_token')).toBe(fresh)
    await waitFor(() =>
      expect((screen.getByLabelText('Contraseña actual') as HTMLInputElement).value).toBe(''),
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeTruthy()
  })

  it("shows the server's refusal of the current password under its field and keeps the token", async () => {
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

    fillPasswords('no-es-esta', 'nueva-clave')
    submit()

    const field = await screen.findAllByText('La contraseña actual es incorrecta')
    expect(field.some((node) => !toaster.contains(node))).toBe(true)
    expect(within(toaster).getAllByText('Error').length).toBeGreaterThan(0)
    expect(localStorage.getItem('auth_token')).toBe(token)
  })

  it('checks the new password before calling the server', async () => {
    const { fetchMock } = await openProfile(buildClient())

    fillPasswords('vieja-clave', 'nueva-clave', 'otra-clave')
    submit()
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy()

    fillPasswords('vieja-clave', 'vieja-clave')
    submit()
    expect(await screen.findByText('La nueva contraseña debe ser distinta de la actual')).toBeTruthy()
    expect(callsTo(fetchMock, '/auth/password')).toHaveLength(0)
  })
})
