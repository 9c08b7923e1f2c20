import type { Client } from '@cabanas/domain/auth'
import { clabeMessages, type HostProfile, hostMessages } from '@cabanas/domain/hosts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildClient, checkResponse, findToaster, readyToaster, storeSession } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const hostProfile: HostProfile = {
  displayName: 'Cabañas Doña Lupe',
  phone: '+523398765432',
  clabeLast4: '4455',
  bankName: 'Banorte',
  createdAt: '2026-06-01T12:00:00.000Z',
  updatedAt: '2026-06-01T12:00:00.000Z',
}

function open(url: string, client: Client, handle: Handler = () => jsonResponse({})) {
  readyToaster()
  storeSession(client)
  const fetchMock = mockFetch((requestUrl, init) =>
    requestUrl.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : handle(requestUrl, init),
  )
  const rendered = renderApp(url)
  return { fetchMock, ...rendered }
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url) === '/api/hosts/me' && init?.method === method,
  )
  return call ? JSON.parse(String(must(call[1], 'call[1]').body)) : undefined
}

async function openMenu() {
  await userEvent.setup().click(await screen.findByRole('button', { name: /^Menú de usuario/ }))
}

describe('HostProfilePage', () => {
  it("shows each Spanish error beside its field and sends nothing until they're fixed", async () => {
    const user = userEvent.setup()
    const { fetchMock } = open('/anfitrion/perfil', buildClient())
    await screen.findByRole('heading', { level: 1, name: 'Publica tu cabaña' })
    expect(screen.getByLabelText('Nombre para mostrar')).toHaveValue('Ana Rodríguez')

    await user.clear(screen.getByLabelText('Nombre para mostrar'))
    await user.type(screen.getByLabelText('Nombre para mostrar'), 'A')
    await user.clear(screen.getByLabelText(/^Teléfono/))
    await user.type(screen.getByLabelText(/^Teléfono/), '33 9876')
    await user.clear(screen.getByLabelText('CLABE interbancaria'))
    await user.type(screen.getByLabelText('CLABE interbancaria'), '072320001122334450')
    await user.click(screen.getByRole('button', { name: 'Convertirme en anfitrión' }))

    const errorOf = async (label: RegExp | string) => {
      const input = screen.getByLabelText(label)
      await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
      return must(
        document.getElementById(
          must(input.getAttribute('aria-describedby'), "input.getAttribute('aria-describedby')"),
        ),
        "document.getElementById(input.getAttribute('aria-describedby')!)",
      ).textContent
    }
    expect(await errorOf('Nombre para mostrar')).toBe(hostMessages.displayName)
    expect(await errorOf(/^Teléfono/)).toBe(hostMessages.phone)
    expect(await errorOf('CLABE interbancaria')).toBe(clabeMessages.checkDigit)

    await user.clear(screen.getByLabelText('CLABE interbancaria'))
    await user.type(screen.getByLabelText('CLABE interbancaria'), '0723200011223344')
    await user.click(screen.getByRole('button', { name: 'Convertirme en anfitrión' }))
    await waitFor(async () => expect(await errorOf('CLABE interbancaria')).toBe(clabeMessages.length))
    expect(bodyOf(fetchMock, 'POST')).toBeUndefined()
  })

  it("creates the host profile, lands on 'Mis cabañas' and the menu offers it", async () => {
    const user = userEvent.setup()
    const { fetchMock, router } = open('/anfitrion/perfil', buildClient(), (url, init) =>
      url.pathname === '/api/hosts/me' && init?.method === 'POST'
        ? jsonResponse({ success: true, message: hostMessages.becameHost, data: { hostProfile } }, 201)
        : url.pathname === '/api/hosts/me/listings'
          ? jsonResponse({ listings: [] })
          : jsonResponse({}),
    )
    await screen.findByRole('heading', { level: 1, name: 'Publica tu cabaña' })
    await openMenu()
    expect(screen.getByRole('link', { name: 'Publica tu cabaña' })).toHaveAttribute(
      'href',
      '/anfitrion/perfil',
    )
    await openMenu()

    await user.clear(screen.getByLabelText('Nombre para mostrar'))
    await user.type(screen.getByLabelText('Nombre para mostrar'), 'Cabañas Doña Lupe')
    await user.clear(screen.getByLabelText(/^Teléfono/))
    await user.type(screen.getByLabelText(/^Teléfono/), '33 9876 5432')
    // Pasted with spaces: the field keeps the digits.
    await user.clear(screen.getByLabelText('CLABE interbancaria'))
    await user.type(screen.getByLabelText('CLABE interbancaria'), '072 320 00112233445 5')
    await user.click(screen.getByRole('button', { name: 'Convertirme en anfitrión' }))

    await screen.findByRole('heading', { level: 1, name: 'Mis cabañas' })
    expect(router.state.location.pathname).toBe('/anfitrion/cabanas')
    expect(await screen.findByText('Aún no tienes cabañas')).toBeInTheDocument()
    expect(bodyOf(fetchMock, 'POST')).toEqual({
      displayName: 'Cabañas Doña Lupe',
      phone: '+523398765432',
      clabe: '072320001122334455',
    })
    expect(
      JSON.parse(must(localStorage.getItem('auth_user'), "localStorage.getItem('auth_user')")).roles,
    ).toEqual(['host'])
    await openMenu()
    const menu = screen.getByRole('navigation', { name: 'Anfitrión' })
    expect(within(menu).getByRole('link', { name: 'Mis cabañas' })).toHaveAttribute(
      'href',
      '/anfitrion/cabanas',
    )
    expect(within(menu).queryByRole('link', { name: 'Publica tu cabaña' })).not.toBeInTheDocument()
  })

  it("shows the server's refusal beside its field", async () => {
    const user = userEvent.setup()
    open('/anfitrion/perfil', buildClient(), (url) =>
      url.pathname === '/api/hosts/me'
        ? jsonResponse(
            {
              success: false,
              error: clabeMessages.bank,
              errorType: 'VALIDATION_ERROR',
              message: clabeMessages.bank,
              details: [{ field: 'clabe', message: clabeMessages.bank }],
            },
            400,
          )
        : jsonResponse({}),
    )
    await screen.findByRole('heading', { level: 1, name: 'Publica tu cabaña' })
    await user.clear(screen.getByLabelText(/^Teléfono/))
    await user.type(screen.getByLabelText(/^Teléfono/), '3398765432')
    await user.clear(screen.getByLabelText('CLABE interbancaria'))
    await user.type(screen.getByLabelText('CLABE interbancaria'), '072320001122334455')
    await user.click(screen.getByRole('button', { name: 'Convertirme en anfitrión' }))
    const toaster = await findToaster()
    expect(await within(toaster).findByText(clabeMessages.bank)).toBeInTheDocument()
    const clabe = screen.getByLabelText('CLABE interbancaria')
    expect(
      must(
        document.getElementById(
          must(clabe.getAttribute('aria-describedby'), "clabe.getAttribute('aria-describedby')"),
        ),
        "document.getElementById(clabe.getAttribute('aria-describedby')!)",
      ).textContent,
    ).toBe(clabeMessages.bank)
  })

  it('edits a host profile: the CLABE shows only its last 4 digits and is sent only when replaced', async () => {
    const user = userEvent.setup()
    const saved = { ...hostProfile, displayName: 'Refugio Doña Lupe', updatedAt: '2026-06-02T12:00:00.000Z' }
    const { fetchMock } = open('/anfitrion/perfil', buildClient({ roles: ['host'] }), (url, init) =>
      url.pathname !== '/api/hosts/me'
        ? jsonResponse({})
        : init?.method === 'PUT'
          ? jsonResponse({
              success: true,
              message: hostMessages.profileUpdated,
              data: { hostProfile: saved },
            })
          : jsonResponse({ success: true, data: { hostProfile } }),
    )
    await screen.findByRole('heading', { level: 1, name: 'Perfil de anfitrión' })
    const clabe = (await screen.findByLabelText('Nueva CLABE interbancaria (opcional)')) as HTMLInputElement
    expect(clabe).toHaveValue('')
    expect(
      screen.getByText('Registrada: Banorte •••• 4455. Escribe una nueva solo para cambiarla.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Teléfono/)).toHaveValue('3398765432')

    await user.clear(screen.getByLabelText('Nombre para mostrar'))
    await user.type(screen.getByLabelText('Nombre para mostrar'), 'Refugio Doña Lupe')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    const toaster = await findToaster()
    expect(await within(toaster).findByText('Perfil de anfitrión actualizado')).toBeInTheDocument()
    expect(bodyOf(fetchMock, 'PUT')).toEqual({ displayName: 'Refugio Doña Lupe', phone: '+523398765432' })
  })

  it.each(['/anfitrion/perfil', '/anfitrion/cabanas'])(
    'sends a signed-out visitor of %s to the login',
    async (url) => {
      mockFetch(() => jsonResponse({}))
      const { router } = renderApp(url)
      await screen.findByRole('heading', { level: 1, name: 'Inicia Sesión' })
      expect(router.state.location.state).toEqual({ from: url })
    },
  )

  it("sends a client who is not a host from 'Mis cabañas' to 'Publica tu cabaña'", async () => {
    const { router } = open('/anfitrion/cabanas', buildClient())
    await screen.findByRole('heading', { level: 1, name: 'Publica tu cabaña' })
    expect(router.state.location.pathname).toBe('/anfitrion/perfil')
  })
})
