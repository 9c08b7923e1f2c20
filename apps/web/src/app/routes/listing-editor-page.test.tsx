import type { HostListing } from '@cabanas/domain/listings'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { buildHostListing, completeSteps } from '../../test/listing-fixtures'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildClient, checkResponse, storeSession } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined

const host = buildClient({ roles: ['host'] })
const ID = 'l-1'
const STEP_URL = LISTING_API.step(ID, 'description')

/** The editor at `url`: GET answers `listing`; `handle` answers the rest (a save answers the next version by default). */
function open(url: string, listing: HostListing, handle: Handler = () => undefined) {
  storeSession(host)
  let current = listing
  const fetchMock = mockFetch((requestUrl, init) => {
    if (requestUrl.pathname === '/auth/check') return jsonResponse(checkResponse(host))
    const answer = handle(requestUrl, init)
    if (answer) return answer
    if (requestUrl.pathname === LISTING_API.one(ID)) return jsonResponse({ listing: current })
    if (init?.method === 'PUT') {
      const { value } = JSON.parse(String(init.body))
      current = { ...current, version: current.version + 1, draft: { ...current.draft, description: value } }
      return jsonResponse({ listing: current })
    }
    return jsonResponse({}, 404)
  })
  return { fetchMock, ...renderApp(url) }
}

const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }))

const TITLE = 'Cabaña El Pinar con chimenea'

/** Replaces a field's text in one change, as a paste does (typing is one change and one render per key). */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field)
  await user.paste(text)
}

function errorOf(input: HTMLElement) {
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent
}

describe('ListingEditorPage', () => {
  it("moves between steps with 'Siguiente' and 'Atrás' links and shows 'Paso N de 10'", async () => {
    const user = userEvent.setup()
    const { router } = open(`/anfitrion/cabanas/${ID}/tipo`, buildHostListing({ id: ID }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipo de alojamiento' })).toBeInTheDocument()
    expect(screen.getByText('Paso 1 de 10')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Atrás' })).toHaveAttribute('href', '/anfitrion/cabanas')

    await user.click(screen.getByRole('link', { name: 'Siguiente' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Ubicación' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/anfitrion/cabanas/${ID}/ubicacion`)
    expect(screen.getByText('Paso 2 de 10')).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2')
    expect(screen.getByRole('link', { name: 'Atrás' })).toHaveAttribute(
      'href',
      `/anfitrion/cabanas/${ID}/tipo`,
    )
  })

  it('autosaves the whole step once, debounced, with the version read, then with the next one', async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(
      `/anfitrion/cabanas/${ID}/descripcion`,
      buildHostListing({ id: ID, version: 3 }),
    )
    const title = await screen.findByLabelText(/^Título/)
    // Three changes in a row, each one paste: typing key by key on a loaded machine can leave more than
    // the debounce between two keys.
    await user.click(title)
    await user.paste('Cabaña')
    await user.paste(' El Pinar')
    await user.paste(' con chimenea')
    expect(title).toHaveValue(TITLE)
    expect(puts(fetchMock)).toHaveLength(0)
    expect(await screen.findByText('Guardado', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(puts(fetchMock)).toEqual([{ url: STEP_URL, body: { value: { title: TITLE }, version: 3 } }])

    await user.type(title, ' y vista')
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(2), { timeout: 3000 })
    expect(must(puts(fetchMock)[1], 'a second save').body).toEqual({
      value: { title: `${TITLE} y vista` },
      version: 4,
    })
  })

  it("shows a 400's detail beside its field", async () => {
    const user = userEvent.setup()
    open(`/anfitrion/cabanas/${ID}/descripcion`, buildHostListing({ id: ID }), (_url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(
            {
              success: false,
              errorType: 'VALIDATION_ERROR',
              message: 'Datos inválidos',
              details: [{ field: 'title', message: 'El campo título no admite ese texto' }],
            },
            400,
          )
        : undefined,
    )
    const title = await screen.findByLabelText(/^Título/)
    await fill(user, title, TITLE)
    await waitFor(() => expect(errorOf(title)).toBe('El campo título no admite ese texto'), { timeout: 3000 })
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('No se pudo guardar: revisa los campos marcados')).toBeInTheDocument()
    expect(title).toHaveValue(TITLE)
  })

  it("explains a stale version (409) and offers 'Recargar'", async () => {
    const user = userEvent.setup()
    let reads = 0
    open(`/anfitrion/cabanas/${ID}/descripcion`, buildHostListing({ id: ID }), (url, init) => {
      if (init?.method === 'PUT') {
        return jsonResponse({ success: false, errorType: 'CONFLICT', message: 'Conflicto' }, 409)
      }
      if (url.pathname === LISTING_API.one(ID)) {
        reads += 1
        const draft = reads > 1 ? { description: { title: 'Título guardado en otra ventana' } } : {}
        return jsonResponse({ listing: buildHostListing({ id: ID, version: 3 + reads, draft }) })
      }
      return undefined
    })
    await fill(user, await screen.findByLabelText(/^Título/), TITLE)
    expect(
      await screen.findByText(listingApiMessages.staleVersion, {}, { timeout: 3000 }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Recargar' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Título/)).toHaveValue('Título guardado en otra ventana'),
    )
    expect(screen.queryByText(listingApiMessages.staleVersion)).not.toBeInTheDocument()
  })

  it('retries a failed save and keeps what was typed', async () => {
    const user = userEvent.setup()
    let attempts = 0
    const { fetchMock } = open(
      `/anfitrion/cabanas/${ID}/descripcion`,
      buildHostListing({ id: ID }),
      (_url, init) => {
        if (init?.method !== 'PUT') return undefined
        attempts += 1
        return attempts === 1 ? jsonResponse({ success: false, message: 'Error interno' }, 503) : undefined
      },
    )
    const title = await screen.findByLabelText(/^Título/)
    await fill(user, title, TITLE)
    expect(
      await screen.findByText('No se pudo guardar: reintentando', {}, { timeout: 3000 }),
    ).toBeInTheDocument()
    expect(title).toHaveValue(TITLE)

    expect(await screen.findByText('Guardado', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(puts(fetchMock).map((put) => put.body)).toEqual([
      { value: { title: TITLE }, version: 3 },
      { value: { title: TITLE }, version: 3 },
    ])
  })

  it('sends what waits at once when the host leaves the step', async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(`/anfitrion/cabanas/${ID}/descripcion`, buildHostListing({ id: ID }))
    await fill(user, await screen.findByLabelText(/^Título/), TITLE)
    await user.click(screen.getByRole('link', { name: 'Siguiente' }))
    await screen.findByRole('heading', { level: 1, name: 'Precios' })
    expect(puts(fetchMock)).toHaveLength(1)
  })

  it("enables 'Enviar a revisión' only when the listing is ready, then confirms it is in review", async () => {
    const user = userEvent.setup()
    const ready = buildHostListing({ id: ID, steps: completeSteps(), readyToSubmit: true })
    const { fetchMock } = open(`/anfitrion/cabanas/${ID}/revision`, ready, (url, init) =>
      url.pathname === LISTING_API.submit(ID) && init?.method === 'POST'
        ? jsonResponse({ listing: { ...ready, status: 'submitted', version: 4 } })
        : undefined,
    )
    const submit = await screen.findByRole('button', { name: 'Enviar a revisión' })
    expect(submit).toBeEnabled()
    await user.click(submit)
    expect(await screen.findByText('¡Listo! Tu cabaña está en revisión')).toBeInTheDocument()
    expect(screen.getByText(/te escribirá por correo/)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url) === LISTING_API.submit(ID))).toBe(true)
  })

  it("keeps 'Enviar a revisión' disabled and links each pending step with 'Completar'", async () => {
    open(`/anfitrion/cabanas/${ID}/revision`, buildHostListing({ id: ID }))
    const submit = await screen.findByRole('button', { name: 'Enviar a revisión' })
    expect(submit).toBeDisabled()
    expect(screen.getByText('Falta la ubicación')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Completar Ubicación' })).toHaveAttribute(
      'href',
      `/anfitrion/cabanas/${ID}/ubicacion`,
    )
  })

  it('is read-only while in review and saves nothing', async () => {
    const user = userEvent.setup()
    const submitted = buildHostListing({
      id: ID,
      status: 'submitted',
      draft: { description: { title: TITLE } },
    })
    const { fetchMock } = open(`/anfitrion/cabanas/${ID}/descripcion`, submitted)
    const title = await screen.findByLabelText(/^Título/)
    expect(screen.getByText('En revisión')).toBeInTheDocument()
    expect(title).toHaveValue(TITLE)
    expect(title.closest('fieldset')).toBeDisabled()
    expect(title).toBeDisabled()
    await user.type(title, ' nuevo')
    expect(title).toHaveValue(TITLE)
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(puts(fetchMock)).toHaveLength(0)
  })
})
