import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format } from 'node:util'
import { EARLY_TAPS_SCRIPT } from '@cabanas/contracts/early-taps'
import type { PageAssets, PublicWebConfig } from '@cabanas/contracts/ssr'
import type { Cabin, DestinationPage } from '@cabanas/domain/catalog'
import { addDays } from '@cabanas/domain/shared'
import { act, within } from '@testing-library/react'
import type { Root } from 'react-dom/client'
import { isRouteErrorResponse } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { FAVORITES_KEY } from '../features/catalog/use-favorite'
import { PRESELECTED_LOCATION_KEY } from '../features/search/header-search-context'
import { todayInMexico } from '../lib/calendar-month'
import { SANDBOX_OPENPAY_CONFIG } from '../lib/config'
import {
  buildCabin,
  buildCabinCard,
  buildDestination,
  buildSearchResponse,
  buildSearchResult,
} from '../test/factories'
import { jsonResponse, mockFetch } from '../test/fetch-mock'
import { must } from '../test/must'
import { quoteFor } from '../test/quote-fixtures'
import { buildClient, checkResponse, storeSession } from '../test/session'

/**
 * Each public page rendered by the real server renderer (ssr/entry-server.tsx, from source) in a Node
 * process of its own, as the API renders it: no window, no storage, and a React of its own (a server
 * render in this window would leave its context values behind for the client). The HTML becomes this
 * document, then the real client code (app/hydrate.tsx) hydrates it with React in development mode,
 * which reports every text and attribute that the first client render disagrees with.
 */

/** `vi.waitFor` gives up after 1 s, which a loaded CI machine can take; the suite's findBy* wait 15 s. */
const eventually = <T,>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000 })

const cabin: Cabin = { ...buildCabin({ name: 'Cabaña Los Pinos' }), _id: 'cabin-los-pinos' }
const card = buildCabinCard({ name: 'Cabaña El Encino', population: 'Tapalpa', state: 'Jalisco' })

const destinationPage: DestinationPage = {
  destination: {
    population: 'Tapalpa',
    state: 'Jalisco',
    count: 1,
    fromPrice: card.precioCalculado.precioBaseFinal,
    latitude: 19.94,
    longitude: -103.76,
    slug: 'tapalpa-jalisco',
  },
  cabins: [card],
  nearby: [{ population: 'Mazamitla', state: 'Jalisco', slug: 'mazamitla-jalisco', count: 3 }],
}

/** A stay the API quotes, and one whose dates are taken (the server renders the real clock's dates). */
const quotedStay = {
  checkIn: addDays(todayInMexico(), 30),
  checkOut: addDays(todayInMexico(), 32),
  guests: 2,
}
const takenStay = { checkIn: addDays(todayInMexico(), 40), checkOut: addDays(todayInMexico(), 42), guests: 2 }
const stayKey = ({ checkIn, checkOut, guests }: typeof quotedStay) => `${checkIn}/${checkOut}/${guests}`
const notAvailable = 'No disponible para las fechas seleccionadas'

/** What the API's data functions answer (PageData), by argument. */
const apiBodies = {
  calendars: {
    [cabin._id]: {
      success: true,
      cabinId: cabin._id,
      from: todayInMexico(),
      to: addDays(todayInMexico(), 365),
      minNights: 1,
      bookedRanges: [{ checkIn: takenStay.checkIn, checkOut: takenStay.checkOut }],
      bookedNights: [takenStay.checkIn, addDays(takenStay.checkIn, 1)],
    },
  },
  quotes: {
    [stayKey(quotedStay)]: { status: 200, body: quoteFor({ habitacionId: cabin._id, ...quotedStay }) },
    [stayKey(takenStay)]: {
      status: 409,
      body: { success: false, available: false, error: notAvailable, errorType: 'NOT_AVAILABLE' },
    },
  },
  cabins: { [cabin._id]: cabin },
  destinations: {
    destinations: [
      buildDestination({ population: 'Tapalpa', state: 'Jalisco', cabins: [card] }),
      buildDestination({ population: 'Mazamitla', state: 'Jalisco' }),
    ],
  },
  destinationPages: { [destinationPage.destination.slug]: destinationPage },
  search: buildSearchResponse([
    buildSearchResult({ name: 'Cabaña Vista al Lago' }),
    // Two cabins at one spot: one marker on the live map, a dot each on the server's picture.
    buildSearchResult({ name: 'Cabaña El Roble', latitude: 19.93, longitude: -103.04 }),
    buildSearchResult({ name: 'Cabaña El Fresno', latitude: 19.93, longitude: -103.04 }),
  ]),
  /** Searches the API refuses, by arrival: the PageDataFailure its data function rejects with. */
  refusals: {
    '2020-08-07': {
      status: 400,
      body: {
        success: false,
        errorType: 'INVALID_DATE',
        error: 'La fecha de llegada no puede ser anterior a hoy',
        message: 'La fecha de llegada no puede ser anterior a hoy',
      },
    },
  },
}

const config: PublicWebConfig = {
  publicUrl: 'https://cabanas.example',
  mapTileUrl: '/tiles/{z}/{x}/{y}.png',
  openpay: SANDBOX_OPENPAY_CONFIG,
}

const assets: PageAssets = { scripts: [], styles: [], fontPreloads: [], moduleFiles: {} }

/** Runs in the child process: reads {entry, paths, bodies, assets, config}, writes {path: html}. */
const RENDER_PAGES = `
let input = ''
for await (const chunk of process.stdin) input += chunk
const { entry, paths, bodies, assets, config } = JSON.parse(input)
const { renderer } = await import(entry)
const data = {
  cabin: async (id) => bodies.cabins[id] ?? null,
  destinations: async () => bodies.destinations,
  destination: async (slug) => bodies.destinationPages[slug] ?? null,
  search: async (params) => {
    const refusal = bodies.refusals[params.checkIn]
    if (refusal) throw Object.assign(new Error(refusal.body.message), refusal)
    return bodies.search
  },
  cabinCalendar: async (id) => bodies.calendars[id] ?? null,
  quote: async ({ checkIn, checkOut, guests }) =>
    bodies.quotes[checkIn + '/' + checkOut + '/' + guests] ?? {
      status: 400,
      body: { success: false, available: false, error: 'Solo se puede reservar hasta dos años a partir de hoy', errorType: 'INVALID_DATE' },
    },
}
const pages = {}
for (const path of paths) {
  const page = await renderer.render({ path, data, assets, config })
  if (page.kind !== 'html') throw new Error(path + ' answered a redirect')
  const decoder = new TextDecoder()
  let html = ''
  for await (const chunk of page.body) html += decoder.decode(chunk, { stream: true })
  pages[path] = html + decoder.decode()
}
process.stdout.write(JSON.stringify(pages))
`

/** The server's HTML of each path, from one Node process running the renderer's source (tsx). */
function renderOnServer(paths: string[]): Promise<Record<string, string>> {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const entry = path.join(here, 'entry-server.tsx')
  const webDir = path.resolve(here, '../..')
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', RENDER_PAGES], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: path.join(webDir, 'tsconfig.json') },
  })
  let stdout = ''
  let stderr = ''
  // Decoded as a stream: a chunk may end inside a character ('ñ' split in two once read the terms page
  // as 'Caba��as' when the inline CSS grew by a few bytes).
  child.stdout.setEncoding('utf8')
  child.stderr.setEncoding('utf8')
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  child.stdin.end(JSON.stringify({ entry, paths, bodies: apiBodies, assets, config }))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`server render failed (${code}): ${stderr}`))
      else resolve(JSON.parse(stdout) as Record<string, string>)
    })
  })
}

/** This document becomes the server's: same address, same `<head>` and `<body>` (scripts don't run). */
function loadDocument(path: string, html: string) {
  window.history.replaceState(null, '', path)
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  document.documentElement.replaceWith(document.importNode(parsed.documentElement, true))
  const container = document.getElementById('root')
  if (!container) throw new Error('no #root in the server HTML')
  return container
}

/**
 * React's development warning about attributes the client did not render, when the only such
 * attributes are the marks the document's early script puts on a tapped button (production React
 * ignores attributes it did not render; app/early-taps.tsx removes them when it replays the tap).
 */
function onlyEarlyTapMarks(message: string): boolean {
  if (!message.includes("didn't match the client properties")) return false
  const attributeLines = message.split('\n').filter((line) => /^\s*[-+]\s+[\w-]+=/.test(line))
  return (
    attributeLines.length > 0 &&
    attributeLines.every((line) => /^\s*-\s+(data-early-pending|aria-busy)=/.test(line))
  )
}

/** Calls that would show up as a hydration problem: React's dev warnings and recoverable errors. */
function watchErrors() {
  const problems: string[] = []
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // The error element (app/route-error.tsx) logs the route's error as it renders: a 404 is the page.
    if (args.length === 1 && isRouteErrorResponse(args[0]) && args[0].status === 404) return
    const message = format(...args)
    if (onlyEarlyTapMarks(message)) return
    problems.push(`console.error: ${message}`)
  })
  const onRecoverableError = (error: unknown) => {
    problems.push(`recoverable: ${error instanceof Error ? error.message : String(error)}`)
  }
  return { problems, onRecoverableError, restore: () => consoleError.mockRestore() }
}

/** The API behind the hydrated page: the session check answers; the rest (quotes, calendar) fails. */
function mockApi(client = buildClient()) {
  return mockFetch((url) =>
    url.pathname === '/auth/check'
      ? jsonResponse(checkResponse(client))
      : jsonResponse({ success: false, errorType: 'NOT_FOUND' }, 404),
  )
}

/** A desktop browser: every min-width media query matches (the server renders the narrow layout). */
function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

let root: Root | null = null

/** Queries on this document's body (the server's, swapped in: `screen` keeps the first one). */
const page = () => within(document.body)

beforeEach(() => {
  window.__staticRouterHydrationData = undefined
})

afterEach(() => {
  act(() => root?.unmount())
  root = null
  vi.restoreAllMocks()
})

// The header's search bar preloads its panels when the pointer or focus reaches it; the last page's
// preload may still be loading when the file ends, and a module loaded after the environment is torn
// down fails the run (an unhandled EnvironmentTeardownError). Those loads end before this file does.
// The document this file found: each test swaps in a server's (loadDocument), and the files that share
// this environment after it (web tests run without isolation) query the original through `screen`.
const originalDocument = document.documentElement
const originalAddress = window.location.href

afterAll(async () => {
  document.documentElement.replaceWith(originalDocument)
  window.history.replaceState(null, '', originalAddress)
  await Promise.all([
    import('../features/search/destination-panel'),
    import('../features/search/dates-panel'),
    import('../features/search/guests-panel'),
    import('../features/search/search-validation'),
  ])
}, 60_000)

let serverPages: Record<string, string> = {}

beforeAll(async () => {
  serverPages = await renderOnServer(PAGES.map(({ path }) => path))
}, 60_000)

type HydrationOptions = {
  /**
   * True (default): the app's modules load afresh, as on a page load, so the lazy parts (the header's
   * search bar) are still loading when hydration starts. False: this window's modules as they are.
   */
  freshModules?: boolean
  /** What the browser does with the server's HTML before the app hydrates it (the early script, taps). */
  beforeHydrate?: (container: HTMLElement) => void
}

/** The start markers (`<!--$-->`) of the Suspense boundaries in the server's HTML. */
function suspenseBoundaries(container: Element): Comment[] {
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_COMMENT)
  const markers: Comment[] = []
  while (walker.nextNode()) {
    const comment = walker.currentNode as Comment
    if (comment.data.startsWith('$')) markers.push(comment)
  }
  return markers
}

/**
 * Hydrates the server's HTML of `path` and lets the lazy parts hydrate. Returns the React problems
 * reported meanwhile, and the Suspense boundaries whose server HTML React threw away to render them
 * again (what an urgent update reaching a part not yet hydrated does: a flash). A boundary removed
 * with its parent is a change the page made on purpose after hydrating, not counted.
 */
async function hydratePage(path: string, { freshModules = true, beforeHydrate }: HydrationOptions = {}) {
  const html = serverPages[path]
  if (html === undefined) throw new Error(`${path} was not rendered`)
  const container = loadDocument(path, html)
  beforeHydrate?.(container)
  const boundaries = suspenseBoundaries(container).map((marker) => ({ marker, parent: marker.parentNode }))
  if (freshModules) vi.resetModules()
  const { hydrateServerPage } = await import('../app/hydrate')
  const watch = watchErrors()
  try {
    await act(async () => {
      root = await hydrateServerPage(container, { onRecoverableError: watch.onRecoverableError })
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  } finally {
    watch.restore()
  }
  expect(root).not.toBeNull()
  const redone = boundaries
    .filter(({ marker, parent }) => !marker.isConnected && parent?.isConnected === true)
    .map(({ parent }) => (parent as Element).outerHTML.slice(0, 160))
  return { html, problems: watch.problems, redone }
}

const RESULTS_PATH = '/results?location=Mazamitla%2C+Jalisco&guests=2&checkIn=2026-08-07&checkOut=2026-08-09'

function stayParams({ checkIn, checkOut, guests }: typeof quotedStay) {
  return { checkIn, checkOut, guests: String(guests) }
}

const PAGES = [
  { name: 'home', path: '/', heading: /cabaña/i },
  { name: 'results', path: RESULTS_PATH, heading: '3 resultados' },
  {
    name: 'refused search',
    path: '/results?location=Mazamitla%2C+Jalisco&guests=2&checkIn=2020-08-07&checkOut=2020-08-09',
    heading: 'Error en la búsqueda',
  },
  {
    name: 'incomplete search',
    path: '/results?location=Tapalpa',
    heading: 'Faltan parámetros de búsqueda requeridos',
  },
  {
    name: 'results with filters',
    path: `${RESULTS_PATH}&beds=2&amenities=wifi%2Cpool`,
    heading: '3 resultados',
  },
  { name: 'cabin', path: `/cabin/${cabin._id}`, heading: 'Cabaña Los Pinos' },
  {
    name: 'cabin with a stay',
    path: `/cabin/${cabin._id}?checkIn=2099-08-07&checkOut=2099-08-09&guests=2`,
    heading: 'Cabaña Los Pinos',
  },
  { name: 'cabin photos', path: `/cabin/${cabin._id}/fotos`, heading: 'Fotos de Cabaña Los Pinos' },
  {
    name: 'cabin photos with a stay',
    path: `/cabin/${cabin._id}/fotos?checkIn=2099-08-07&checkOut=2099-08-09&guests=2`,
    heading: 'Fotos de Cabaña Los Pinos',
  },
  {
    name: 'cabin with a quoted stay',
    path: `/cabin/${cabin._id}?${new URLSearchParams(stayParams(quotedStay))}`,
    heading: 'Cabaña Los Pinos',
  },
  {
    name: 'cabin with taken dates',
    path: `/cabin/${cabin._id}?${new URLSearchParams(stayParams(takenStay))}`,
    heading: 'Cabaña Los Pinos',
  },
  { name: 'destination', path: '/destinos/tapalpa-jalisco', heading: /Tapalpa/ },
  // A popular destination chosen before the app ran: the header search starts with it.
  { name: 'home with a chosen destination', path: '/?location=Tapalpa%2C+Jalisco', heading: /cabaña/i },
  { name: 'terms', path: '/terms', heading: 'Términos y condiciones' },
  { name: 'privacy', path: '/privacy', heading: /privacidad/i },
  { name: 'not found', path: '/no-existe', heading: /not found|no encontr/i },
  { name: 'unknown cabin', path: '/cabin/no-existe', heading: /not found|no encontr/i },
  { name: "unknown cabin's photos", path: '/cabin/no-existe/fotos', heading: /not found|no encontr/i },
]

/** What a returning guest's browser holds: a session, favourites and the destination chosen at home. */
function storeGuestState() {
  const client = buildClient({ firstName: 'Ana', lastName: 'Rodríguez' })
  storeSession(client)
  sessionStorage.setItem(PRESELECTED_LOCATION_KEY, 'Tapalpa, Jalisco')
  localStorage.setItem(FAVORITES_KEY, JSON.stringify([cabin._id, card._id]))
  mockApi(client)
}

describe('hydration of the server-rendered pages', () => {
  it.each(PAGES)('hydrates the $name page as the server rendered it', async ({ path, heading }) => {
    mockApi()
    const { problems, redone } = await hydratePage(path)
    expect(problems).toEqual([])
    expect(redone).toEqual([])
    expect(page().getByRole('heading', { level: 1, name: heading })).toBeTruthy()
  })

  it.each(PAGES)(
    'hydrates the $name page for a signed-in guest with favourites and a chosen destination, then shows the session',
    async ({ path }) => {
      storeGuestState()
      const { html, problems, redone } = await hydratePage(path)
      expect(problems).toEqual([])
      expect(redone).toEqual([])
      // The server knew nothing of the session; once the page has hydrated the header shows it.
      expect(html).not.toContain('>AR<')
      await eventually(() => expect(page().getByText('AR')).toBeTruthy())
    },
  )

  it('shows the stored favourites and the wide layout once the cabin page has hydrated', async () => {
    wideScreen()
    storeGuestState()
    const { html, problems } = await hydratePage(`/cabin/${cabin._id}`)
    expect(problems).toEqual([])
    expect(html).toContain('>Guardar<')
    expect(page().getByRole('button', { name: 'Guardado' })).toBeTruthy()
    expect(page().getByRole('complementary', { name: 'Reserva' })).toBeTruthy()
  })

  it('draws the map column of the results on the server as a picture, a dot per cabin, which the live map replaces', async () => {
    wideScreen()
    mockApi()
    const { html, problems, redone } = await hydratePage(must(PAGES[1], 'PAGES[1]').path)
    const server = new DOMParser().parseFromString(html, 'text/html')
    const column = must(
      server.querySelector('aside[aria-label="Mapa de resultados"]'),
      'server.querySelector(\'aside[aria-label="Mapa de resultados"]\')',
    )
    expect(
      must(column.querySelector('[role="img"]'), 'column.querySelector(\'[role="img"]\')').getAttribute(
        'aria-label',
      ),
    ).toBe('Mapa de México con 3 cabañas')
    expect(column.querySelectorAll('[data-testid="static-map-marker"]')).toHaveLength(3)
    expect(column.innerHTML).not.toContain('leaflet')
    // Fetched from the head where the column is in the first view (not after layout); phones skip it.
    const preload = server.head.querySelector('link[rel="preload"][href="/maps/mexico.svg"]')
    expect(preload?.getAttribute('media')).toBe('(min-width: 1024px)')
    expect(problems).toEqual([])
    expect(redone).toEqual([])

    await eventually(() => expect(document.querySelector('aside .leaflet-container')).not.toBeNull())
    await eventually(() => expect(document.querySelector('[data-testid="static-map-marker"]')).toBeNull())
  })

  it('hydrates the cabin page with the quote of its stay: total and Reservar from the HTML on, never asked again', async () => {
    const fetchMock = mockApi()
    const path = `/cabin/${cabin._id}?${new URLSearchParams(stayParams(quotedStay))}`
    const { html, problems } = await hydratePage(path)
    expect(problems).toEqual([])
    // The server's HTML: the total, and 'Reservar' enabled in a GET form to the checkout of the stay.
    const served = new DOMParser().parseFromString(html, 'text/html')
    const forms = [...served.querySelectorAll('form[action="/checkout"]')]
    expect(forms).toHaveLength(2) // the wide card and the phone's bar
    for (const form of forms) {
      expect(form.getAttribute('method')).toBe('get')
      const fields = new URLSearchParams(new FormData(form as HTMLFormElement) as never).toString()
      expect(fields).toBe(`cabin=${cabin._id}&${new URLSearchParams(stayParams(quotedStay))}`)
      const button = form.querySelector('button')
      expect([button?.textContent, button?.disabled, button?.type]).toEqual(['Reservar', false, 'submit'])
    }
    expect(served.body.textContent).toContain('Total')
    expect(served.body.textContent).not.toContain('Verificando')
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)))
    expect(page().getByRole('button', { name: 'Reservar' })).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/reservas/cotizar'))).toEqual([])
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/availability'))).toEqual([])
  })

  it("hydrates the server's quote and calendar as rendered when this device's clock reads a minute later", async () => {
    // A slow load or a phone whose clock runs ahead: by the device's clock the quote is older than
    // the time a quote is shown without asking again. The first render must still be the server's.
    // Nothing the server sent is asked again (the session excepted); the rest would never answer.
    const fetchMock = mockFetch((url) =>
      url.pathname === '/auth/check'
        ? jsonResponse(checkResponse(buildClient()))
        : new Promise<Response>(() => {}),
    )
    const realNow = Date.now.bind(Date)
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 60_000)
    try {
      const path = `/cabin/${cabin._id}?${new URLSearchParams(stayParams(quotedStay))}`
      const { problems } = await hydratePage(path)
      expect(problems).toEqual([])
      expect(page().getAllByRole('button', { name: 'Reservar' }).length).toBeGreaterThan(0)
      expect(page().queryByText(/Verificando/)).toBeNull()
      const asked = fetchMock.mock.calls.map(([input]) => String(input))
      expect(
        asked.filter((url) => url.includes('/reservas/cotizar') || url.includes('/api/availability')),
      ).toEqual([])
    } finally {
      clock.mockRestore()
    }
  })

  it('renders taken dates as No disponible, then shows the guest their own reservation once hydrated', async () => {
    mockApi()
    localStorage.setItem(
      'cabanas.trip.res-7f3a',
      JSON.stringify({ token: 'secreto', savedAt: Date.now(), stay: { cabinId: cabin._id, ...takenStay } }),
    )
    const path = `/cabin/${cabin._id}?${new URLSearchParams(stayParams(takenStay))}`
    const { html, problems, redone } = await hydratePage(path)
    expect(problems).toEqual([])
    expect(redone).toEqual([])
    // The server cannot know this browser's reservations: it says what the quote says.
    expect(html).toContain(notAvailable)
    expect(html).not.toContain('Ver mi reserva')
    const trip = await eventually(() => page().getByRole('link', { name: 'Ver mi reserva' }))
    expect(trip.getAttribute('href')).toBe('/reserva/res-7f3a')
  })

  it('hydrates cards as the server rendered them after other cards have read the favourites', async () => {
    storeGuestState()
    await hydratePage('/destinos/tapalpa-jalisco')
    act(() => root?.unmount())
    // A part hydrating later in the same page load: the favourites are already read in this window.
    const { problems } = await hydratePage('/destinos/tapalpa-jalisco', { freshModules: false })
    expect(problems).toEqual([])
  })

  it('keeps the filters dialog a guest opened and filled before the results page hydrated', async () => {
    mockApi()
    const path = must(
      PAGES.find(({ name }) => name === 'results'),
      "PAGES.find(({ name }) => name === 'results')",
    ).path
    const { problems, redone } = await hydratePage(path, {
      // What the browser does alone with the server's HTML: the button opens the dialog
      // (commandfor), the guest ticks an amenity and picks a count.
      beforeHydrate: (container) => {
        const dialog = container.querySelector('dialog') as HTMLDialogElement
        const trigger = container.querySelector('button[command="show-modal"]')
        expect(trigger?.getAttribute('commandfor')).toBe(dialog.id)
        dialog.showModal()
        ;(dialog.querySelector('input[name="amenities"][value="fireplace"]') as HTMLInputElement).checked =
          true
        ;(dialog.querySelector('select[name="beds"]') as HTMLSelectElement).value = '2'
      },
    })
    expect(problems).toEqual([])
    expect(redone).toEqual([])

    const open = page().getByRole('dialog', { name: 'Filtros' })
    await act(async () => {
      within(open).getByRole('button', { name: 'Mostrar lugares' }).click()
    })
    await eventually(() =>
      expect(new URLSearchParams(window.location.search).get('amenities')).toBe('fireplace'),
    )
    expect(new URLSearchParams(window.location.search).get('beds')).toBe('2')
    expect(page().queryByRole('dialog', { name: 'Filtros' })).toBeNull()
  })

  it('shows the destination chosen on the home page once the home has hydrated', async () => {
    wideScreen()
    sessionStorage.setItem(PRESELECTED_LOCATION_KEY, 'Tapalpa, Jalisco')
    mockApi()
    const { html, problems, redone } = await hydratePage('/')
    expect(problems).toEqual([])
    expect(redone).toEqual([])
    expect(html).toContain('Explora destinos')
    await eventually(() =>
      expect(document.getElementById('search-segment-destino')?.textContent).toContain('Tapalpa, Jalisco'),
    )
  })

  it('does not undo what the tap asked for when the stored favourites arrive after hydration', async () => {
    // The server draws 'Guardar' (it has no storage); this browser had saved the cabin already.
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([cabin._id]))
    mockApi()
    let button: HTMLElement | undefined
    const { problems } = await hydratePage(`/cabin/${cabin._id}`, {
      beforeHydrate() {
        new Function(EARLY_TAPS_SCRIPT)()
        button = page().getByRole('button', { name: 'Guardar' })
        button.click()
      },
    })
    expect(problems).toEqual([])
    await eventually(() => expect(page().getByRole('button', { name: 'Guardado' })).toBe(button))
    await eventually(() => expect(button?.hasAttribute('data-early-pending')).toBe(false))
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY) ?? '[]')).toEqual([cabin._id])
    expect(page().getByRole('button', { name: 'Guardado' })).toBe(button)
  })

  it('keeps a tap made before the app ran, shows it at once, and does its job once hydrated', async () => {
    mockApi()
    const path = `/cabin/${cabin._id}`
    expect(serverPages[path]).toContain(EARLY_TAPS_SCRIPT)
    let button: HTMLElement | undefined
    let notPrevented = true
    const { problems } = await hydratePage(path, {
      beforeHydrate() {
        // The document's inline script, as the browser runs it before the first paint.
        new Function(EARLY_TAPS_SCRIPT)()
        button = page().getByRole('button', { name: 'Guardar' })
        notPrevented = button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
        expect(button.getAttribute('aria-busy')).toBe('true')
        expect(button.hasAttribute('data-early-pending')).toBe(true)
      },
    })
    expect(problems).toEqual([])
    expect(notPrevented).toBe(false)
    await eventually(() => expect(page().getByRole('button', { name: 'Guardado' })).toBe(button))
    expect(button?.hasAttribute('aria-busy')).toBe(false)
    expect(button?.hasAttribute('data-early-pending')).toBe(false)
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY) ?? '[]')).toEqual([cabin._id])
    // Once the app owns the page, the early script lets taps through to React.
    page().getByRole('button', { name: 'Guardado' }).click()
    await eventually(() => expect(page().getByRole('button', { name: 'Guardar' })).toBe(button))
  })

  it('starts the app in steps, each a task of its own: a tap between two is marked at once and done once hydrated', async () => {
    mockApi()
    const path = `/cabin/${cabin._id}`
    await hydratePage(path)
    act(() => root?.unmount())
    // The same modules again: the first page's code is here, so no step waits for a download.
    const container = loadDocument(path, must(serverPages[path], 'the cabin page'))
    new Function(EARLY_TAPS_SCRIPT)()
    const { hydrateServerPage } = await import('../app/hydrate')
    const ownsThePage = () => Object.keys(container).some((key) => key.startsWith('__reactContainer$'))
    const button = page().getByRole('button', { name: 'Guardar' })
    // The browser's turn between two steps (scheduler.yield, as Chromium's): a guest taps 'Guardar' in
    // the second one.
    const turns: { owned: boolean; marked: boolean }[] = []
    window.scheduler = {
      yield: () =>
        new Promise((resolve) =>
          setTimeout(() => {
            if (turns.length === 1) button.click()
            turns.push({ owned: ownsThePage(), marked: button.hasAttribute('data-early-pending') })
            resolve()
          }, 0),
        ),
    }
    try {
      await act(async () => {
        root = await hydrateServerPage(container)
      })
    } finally {
      window.scheduler = undefined
    }
    // The query state, the page's code, the router, then hydrateRoot: three turns before React owns it.
    expect(turns).toEqual([
      { owned: false, marked: false },
      { owned: false, marked: true },
      { owned: false, marked: true },
    ])
    await eventually(() => expect(page().getByRole('button', { name: 'Guardado' })).toBe(button))
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY) ?? '[]')).toEqual([cabin._id])
  })

  describe('the header search before the app runs', () => {
    /** The server's header search form of `path`, and its suggestions. */
    function serverForm(path: string) {
      const html = serverPages[path] ?? ''
      const form = new DOMParser().parseFromString(html, 'text/html').querySelector('search form')
      if (!(form instanceof HTMLFormElement)) throw new Error(`${path} has no search form`)
      const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement
      const list = form.querySelector('datalist')
      return { form, field, suggestions: [...(list?.options ?? [])].map((option) => option.value) }
    }

    it.each([
      ['/', ['Tapalpa, Jalisco', 'Mazamitla, Jalisco'], ''],
      ['/destinos/tapalpa-jalisco', ['Tapalpa, Jalisco', 'Mazamitla, Jalisco'], ''],
      ['/?location=Tapalpa%2C+Jalisco', ['Tapalpa, Jalisco', 'Mazamitla, Jalisco'], 'Tapalpa, Jalisco'],
      [RESULTS_PATH, ['Mazamitla, Jalisco'], 'Mazamitla, Jalisco'],
    ])(
      'renders %s with a GET form to the results page, its fields named as that page reads them',
      (path, suggestions, location) => {
        const { form, field, suggestions: listed } = serverForm(path)
        expect(form.method).toBe('get')
        expect(form.getAttribute('action')).toBe('/results')
        expect(field('location').type).toBe('text')
        expect(field('location').value).toBe(location)
        expect(field('location').list).not.toBeNull()
        expect(listed).toEqual(suggestions)
        for (const name of ['checkIn', 'checkOut']) {
          expect(field(name).type).toBe('date')
          expect(field(name).min).toMatch(/^\d{4}-\d{2}-\d{2}$/)
          expect(field(name).required).toBe(true)
        }
        expect(field('guests').type).toBe('number')
        expect(field('guests').min).toBe('1')
        expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Buscar')
      },
    )

    it("keeps the results page's search and its filters", () => {
      const { form, field } = serverForm(`${RESULTS_PATH}&beds=2&amenities=wifi%2Cpool`)
      expect(field('checkIn').value).toBe('2026-08-07')
      expect(field('checkOut').value).toBe('2026-08-09')
      expect(field('guests').value).toBe('2')
      const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')]
      expect(hidden.map(({ name, value }) => [name, value])).toEqual([
        ['beds', '2'],
        ['amenities', 'wifi,pool'],
      ])
    })

    it('carries what the guest typed and chose before the app ran into the app, focus included', async () => {
      wideScreen()
      mockApi()
      const container = loadDocument('/', must(serverPages['/'], "serverPages['/']"))
      const field = (id: string) => container.ownerDocument.getElementById(id) as HTMLInputElement
      field('search-destination').value = 'Mazamitla, Jalisco'
      field('search-check-in').value = '2099-08-07'
      field('search-check-out').value = '2099-08-10'
      field('search-guests').value = '4'
      field('search-check-out').focus()
      vi.resetModules()
      const { hydrateServerPage } = await import('../app/hydrate')
      const watch = watchErrors()
      try {
        await act(async () => {
          root = await hydrateServerPage(container, { onRecoverableError: watch.onRecoverableError })
        })
        await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
      } finally {
        watch.restore()
      }
      expect(watch.problems).toEqual([])
      const segment = (name: string) => document.getElementById(`search-segment-${name}`)
      await eventually(() => expect(segment('destino')?.textContent).toContain('Mazamitla, Jalisco'))
      expect(segment('llegada')?.textContent).toContain('7 ago')
      expect(segment('salida')?.textContent).toContain('10 ago')
      expect(segment('huespedes')?.textContent).toContain('4 huéspedes')
      expect(document.activeElement).toBe(segment('salida'))
      expect(document.getElementById('search-destination')).toBeNull()
    })
  })
})
