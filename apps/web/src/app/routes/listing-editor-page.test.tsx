import type { HostListing } from '@cabanas/domain/listings'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { buildHostListing, completeSteps } from '../../test/listing-fixtures'
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
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }))

const TITLE = 'Cabaña El Pinar con chimenea'

function errorOf(input: HTMLElement) {
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent
}

describe('ListingEditorPage', () => {
  it("moves between steps with 'Siguiente' and 'Atrás' links and shows 'Paso N de 10'", async () => {
    const { router } = open(`/anfitrion/cabanas/${ID}/tipo`, buildHostListing({ id: ID }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tipo de alojamiento' })).toBeTruthy()
    expect(screen.getByText('Paso 1 de 10')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Atrás' }).getAttribute('href')).toBe('/anfitrion/cabanas')

    fireEvent.click(screen.getByRole('link', { name: 'Siguiente' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Ubicación' })).toBeTruthy()
    expect(router.state.location.pathname).toBe(`/anfitrion/cabanas/${ID}/ubicacion`)
    expect(screen.getByText('Paso 2 de 10')).toBeTruthy()
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2')
    expect(screen.getByRole('link', { name: 'Atrás' }).getAttribute('href')).toBe(
      `/anfitrion/cabanas/${ID}/tipo`,
    )
  })

  it('autosaves the whole step once, debounced, with the version read, then with the next one', async () => {
    const { fetchMock } = open(
      `/anfitrion/cabanas/${ID}/descripcion`,
      buildHostListing({ id: ID, version: 3 }),
    )
    const title = await screen.findByLabelText(/^Título/)
    for (const typed of ['Cabaña', 'Cabaña El Pinar', TITLE])
      fireEvent.change(title, { target: { value: typed } })
    expect(puts(fetchMock)).toHaveLength(0)
    expect(await screen.findByText('Guardado', {}, { timeout: 3000 })).toBeTruthy()
    expect(puts(fetchMock)).toEqual([{ url: STEP_URL, body: { value: { title: TITLE }, version: 3 } }])

    fireEvent.change(title, { target: { value: `${TITLE} y vista` } })
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(2), { timeout: 3000 })
    expect(puts(fetchMock)[1]!.body).toEqual({ value: { title: `${TITLE} y vista` }, version: 4 })
  })

  it("shows a 400's detail beside its field", async () => {
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
    fireEvent.change(title, { target: { value: TITLE } })
    await waitFor(() => expect(errorOf(title)).toBe('El campo título no admite ese texto'), { timeout: 3000 })
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('No se pudo guardar: revisa los campos marcados')).toBeTruthy()
    expect((title as HTMLInputElement).value).toBe(TITLE)
  })

  it("explains a stale version (409) and offers 'Recargar'", async () => {
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
    fireEvent.change(await screen.findByLabelText(/^Título/), { target: { value: TITLE } })
    expect(await screen.findByText(listingApiMessages.staleVersion, {}, { timeout: 3000 })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Recargar' }))
    await waitFor(() =>
      expect((screen.getByLabelText(/^Título/) as HTMLInputElement).value).toBe(
        'Título guardado en otra ventana',
      ),
    )
    expect(screen.queryByText(listingApiMessages.staleVersion)).toBeNull()
  })

  it('retries a failed save and keeps what was typed', async () => {
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
    fireEvent.change(title, { target: { value: TITLE } })
    expect(await screen.findByText('No se pudo guardar: reintentando', {}, { timeout: 3000 })).toBeTruthy()
    expect((title as HTMLInputElement).value).toBe(TITLE)

    expect(await screen.findByText('Guardado', {}, { timeout: 4000 })).toBeTruthy()
    expect(puts(fetchMock).map((put) => put.body)).toEqual([
      { value: { title: TITLE }, version: 3 },
      { value: { title: TITLE }, version: 3 },
    ])
  })

  it('sends what waits at once when the host leaves the step', async () => {
    const { fetchMock } = open(`/anfitrion/cabanas/${ID}/descripcion`, buildHostListing({ id: ID }))
    fireEvent.change(await screen.findByLabelText(/^Título/), { target: { value: TITLE } })
    fireEvent.click(screen.getByRole('link', { name: 'Siguiente' }))
    await screen.findByRole('heading', { level: 1, name: 'Precios' })
    expect(puts(fetchMock)).toHaveLength(1)
  })

  it("enables 'Enviar a revisión' only when the listing is ready, then confirms it is in review", async () => {
    const ready = buildHostListing({ id: ID, steps: completeSteps(), readyToSubmit: true })
    const { fetchMock } = open(`/anfitrion/cabanas/${ID}/revision`, ready, (url, init) =>
      url.pathname === LISTING_API.submit(ID) && init?.method === 'POST'
        ? jsonResponse({ listing: { ...ready, status: 'submitted', version: 4 } })
        : undefined,
    )
    const submit = await screen.findByRole('button', { name: 'Enviar a revisión' })
    expect((submit as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(submit)
    expect(await screen.findByText('¡Listo! Tu cabaña está en revisión')).toBeTruthy()
    expect(screen.getByText(/te escribirá por correo/)).toBeTruthy()
    expect(fetchMock.mock.calls.some(([url]) => String(url) === LISTING_API.submit(ID))).toBe(true)
  })

  it("keeps 'Enviar a revisión' disabled and links each pending step with 'Completar'", async () => {
    open(`/anfitrion/cabanas/${ID}/revision`, buildHostListing({ id: ID }))
    const submit = await screen.findByRole('button', { name: 'Enviar a revisión' })
    expect((submit as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Falta la ubicación')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Completar Ubicación' }).getAttribute('href')).toBe(
      `/anfitrion/cabanas/${ID}/ubicacion`,
    )
  })

  it('is read-only while in review and saves nothing', async () => {
    const submitted = buildHostListing({
      id: ID,
      status: 'submitted',
      draft: { description: { title: TITLE } },
    })
    const { fetchMock } = open(`/anfitrion/cabanas/${ID}/descripcion`, submitted)
    const title = (await screen.findByLabelText(/^Título/)) as HTMLInputElement
    expect(screen.getByText('En revisión')).toBeTruthy()
    expect(title.value).toBe(TITLE)
    expect(title.closest('fieldset')!.disabled).toBe(true)
    fireEvent.change(title, { target: { value: `${TITLE} nuevo` } })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(puts(fetchMock)).toHaveLength(0)
  })
})
