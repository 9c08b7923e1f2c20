import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

const TOKEN = 'k3S9dQ2xVfT7mB1nR8pZ4wY6uH0jL5cA'
const requested = 'Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña.'
const invalid = 'El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.'

describe('ForgotPasswordPage', () => {
  it('asks for the email and shows the server answer', async () => {
    const user = userEvent.setup()
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/forgot-password'
        ? jsonResponse({ success: true, message: requested })
        : jsonResponse({}),
    )
    renderApp('/forgot-password')
    await screen.findByRole('heading', { level: 1, name: 'Recuperar contraseña' })

    await user.clear(screen.getByLabelText('Correo electrónico'))
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@ejemplo.mx')
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }))

    expect(await screen.findByText(new RegExp(requested))).toBeInTheDocument()
    const [, init] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/forgot-password'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/forgot-...",
    )
    expect(JSON.parse(String(must(init, 'init').body))).toEqual({ email: 'ana@ejemplo.mx' })
  })

  it('sets a new password with the token of the mailed link', async () => {
    const user = userEvent.setup()
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/reset-password'
        ? jsonResponse({ success: true, message: 'Tu contraseña fue actualizada. Ya puedes iniciar sesión.' })
        : jsonResponse({}),
    )
    // The mailed link brings the token in the fragment; the page takes it out of the address.
    const { router } = renderApp(`/forgot-password#token=${TOKEN}`)
    await screen.findByRole('heading', { level: 1, name: 'Elige una nueva contraseña' })
    await waitFor(() => expect(router.state.location.hash).toBe(''))

    await user.clear(screen.getByLabelText('Nueva contraseña'))
    await user.type(screen.getByLabelText('Nueva contraseña'), 'nueva-secreta')
    await user.clear(screen.getByLabelText('Confirmar contraseña'))
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'nueva-secreta')
    await user.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }))

    expect(
      await screen.findByText('Tu contraseña fue actualizada. Ya puedes iniciar sesión.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login')
    const [, init] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/reset-password'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/reset-p...",
    )
    expect(JSON.parse(String(must(init, 'init').body))).toEqual({
      token: TOKEN,
      password: 'nueva-secreta',
      confirmPassword: 'nueva-secreta',
    })
  })

  it('explains an expired link and offers a new one', async () => {
    const user = userEvent.setup()
    mockFetch((url) =>
      url.pathname === '/auth/reset-password'
        ? jsonResponse(
            { success: false, error: invalid, errorType: 'VALIDATION_ERROR', message: invalid },
            400,
          )
        : jsonResponse({}),
    )
    renderApp(`/forgot-password?token=${TOKEN}`)
    await screen.findByRole('heading', { level: 1, name: 'Elige una nueva contraseña' })

    await user.clear(screen.getByLabelText('Nueva contraseña'))
    await user.type(screen.getByLabelText('Nueva contraseña'), 'nueva-secreta')
    await user.clear(screen.getByLabelText('Confirmar contraseña'))
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'otra-cosa')
    await user.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }))
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Confirmar contraseña'))
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'nueva-secreta')
    await user.click(screen.getByRole('button', { name: 'Guardar nueva contraseña' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(invalid)
    expect(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    // Asking for a new link leaves the used one behind.
    await user.click(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' }))
    await screen.findByRole('button', { name: 'Enviar enlace' })
  })
})
