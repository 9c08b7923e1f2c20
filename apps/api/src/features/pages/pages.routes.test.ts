import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { PageRenderer } from '@cabanas/contracts/ssr'
import { amenityLabel, destinationSlug } from '@cabanas/domain/catalog'
import { formatMxn } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import { type DefaultTreeAdapterMap, parse } from 'parse5'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { loadSourcePageRenderer } from '../../test/page-renderer.ts'

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

const PUBLIC_URL = 'https://cabanas.example'

/** The document parsed as a browser parses it; every parse error is kept. */
function parseDocument(html: string) {
  const errors: string[] = []
  const document = parse(html, {
    onParseError: (error) => errors.push(`${error.code} at ${error.startOffset}`),
  })
  return { document, errors }
}

function isElement(node: Node): node is Element {
  return 'tagName' in node
}

/** Every element under `node` (document order) that `matches`. */
function findAll(node: Node, matches: (element: Element) => boolean): Element[] {
  const found: Element[] = []
  const visit = (current: Node) => {
    if (isElement(current) && matches(current)) found.push(current)
    const children =
      'content' in current ? current.content.childNodes : 'childNodes' in current ? current.childNodes : []
    for (const child of children) visit(child)
  }
  visit(node)
  return found
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : ''
}

/** The `<head>` and `<body>` of a parsed page, with helpers for what these tests read. */
function pageOf(html: string) {
  const { document, errors } = parseDocument(html)
  const [head] = findAll(document, (element) => element.tagName === 'head')
  const [body] = findAll(document, (element) => element.tagName === 'body')
  if (!head || !body) throw new Error('no <head> or <body>')
  const meta = (key: string) =>
    findAll(
      head,
      (e) => e.tagName === 'meta' && (attr(e, 'name') === key || attr(e, 'property') === key),
    ).map((e) => attr(e, 'content'))
  const links = (rel: string) => findAll(head, (e) => e.tagName === 'link' && attr(e, 'rel') === rel)
  const jsonLd = findAll(
    document,
    (e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json',
  ).map((script) => JSON.parse(textOf(script)) as Record<string, unknown>)
  return { document, errors, head, body, meta, links, jsonLd, text: textOf(body) }
}

let app: FastifyInstance
let close: () => Promise<void>
let cabin: Awaited<ReturnType<typeof insertCabin>>
let neighbour: Awaited<ReturnType<typeof insertCabin>>

beforeAll(async () => {
  const built = await buildTestApp({
    today: '2026-06-01',
    env: { PUBLIC_URL },
    pageRenderer: await loadSourcePageRenderer(),
  })
  app = built.app
  close = built.close
  cabin = await insertCabin(built.db, {
    name: 'Cabaña Los Pinos',
    population: 'Mazamitla',
    state: 'Jalisco',
    description: 'Cabaña de madera rodeada de pinos, con chimenea de piedra y terraza al bosque.',
    latitude: 19.9156,
    longitude: -103.0197,
    maxOccupancy: 6,
    amenities: ['wifi', 'fireplace', 'forestView'],
    images: [
      {
        url: '/media/cabins/los-pinos/1.webp',
        preview: '/media/cabins/los-pinos/1-card.webp',
        alt: 'Fachada',
      },
      { url: '/media/cabins/los-pinos/2.webp', preview: '/media/cabins/los-pinos/2-card.webp', alt: 'Sala' },
    ],
  })
  neighbour = await insertCabin(built.db, {
    name: 'Cabaña El Encino',
    population: 'Mazamitla',
    state: 'Jalisco',
  })
  await app.searchIndex.refresh()
}, 120_000)

afterAll(async () => {
  await close()
})

const getPage = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml', ...headers } })

const mazamitla = () => destinationSlug('Mazamitla', 'Jalisco')
const stay = 'location=Mazamitla%2C%20Jalisco&checkIn=2026-07-10&checkOut=2026-07-12&guests=2'

describe('server-rendered pages', () => {
  it.each([
    ['the home', () => '/'],
    ['a results page for a valid stay', () => `/results?${stay}`],
    ['a cabin page', () => `/cabin/${cabin.id}`],
    ["a cabin's photos page", () => `/cabin/${cabin.id}/fotos`],
    ['a destination page', () => `/destinos/${mazamitla()}`],
    ['the terms', () => '/terms'],
    ['the privacy notice', () => '/privacy'],
  ])('answers %s with 200 and a whole document that parses', async (_name, url) => {
    const res = await getPage(url())
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const page = pageOf(res.body)
    expect(page.errors).toEqual([])
    expect(findAll(page.body, (e) => e.tagName === 'h1')).toHaveLength(1)
    expect(findAll(page.document, (e) => attr(e, 'id') === 'ssr-state')).toHaveLength(1)
  })

  it.each([
    ['an unknown path', () => '/no-existe'],
    ['an unknown cabin', () => `/cabin/${randomUUID()}`],
    ['a cabin id that is no uuid', () => '/cabin/not-a-uuid'],
    ["an unknown cabin's photos", () => `/cabin/${randomUUID()}/fotos`],
    ['an unknown destination', () => '/destinos/no-existe'],
  ])('answers %s with 404 and the not-found page', async (_name, url) => {
    // The page's error element logs the route's 404 as it renders.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await getPage(url())
    consoleError.mockRestore()
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const page = pageOf(res.body)
    expect(page.errors).toEqual([])
    expect(
      textOf(
        must(
          findAll(page.body, (e) => e.tagName === 'h1')[0],
          "findAll(page.body, (e) => e.tagName === 'h1')[0]",
        ),
      ),
    ).toMatch(/no encontrada|not found/i)
    expect(page.meta('robots')).toEqual(['noindex'])
  })

  /** The form a page offers to change its search: where it goes and what it would send. */
  function searchForm(page: ReturnType<typeof pageOf>) {
    const [form] = findAll(
      page.body,
      (e) => e.tagName === 'form' && attr(e, 'aria-label') === 'Cambiar la búsqueda',
    )
    if (!form) throw new Error('no search form')
    const fields = findAll(form, (e) => e.tagName === 'input' && attr(e, 'name') !== undefined)
    return {
      method: attr(form, 'method'),
      action: attr(form, 'action'),
      fields: Object.fromEntries(fields.map((input) => [attr(input, 'name'), attr(input, 'value') ?? ''])),
      types: Object.fromEntries(fields.map((input) => [attr(input, 'name'), attr(input, 'type') ?? 'text'])),
    }
  }

  it('answers /results without a complete search with 400 and the spec message, not a redirect', async () => {
    for (const url of ['/results', '/results?location=Mazamitla&guests=2']) {
      const res = await getPage(url)
      expect(res.statusCode).toBe(400)
      expect(res.headers.location).toBeUndefined()
      const page = pageOf(res.body)
      expect(page.errors).toEqual([])
      expect(
        textOf(
          must(
            findAll(page.body, (e) => e.tagName === 'h1')[0],
            "findAll(page.body, (e) => e.tagName === 'h1')[0]",
          ),
        ),
      ).toBe('Faltan parámetros de búsqueda requeridos')
      expect(page.meta('robots')).toEqual(['noindex'])
      expect(page.links('canonical')).toEqual([])
      const form = searchForm(page)
      expect([form.method, form.action]).toEqual(['get', '/results'])
      expect(form.types).toMatchObject({
        location: 'text',
        checkIn: 'date',
        checkOut: 'date',
        guests: 'number',
      })
    }
    expect(
      searchForm(pageOf((await getPage('/results?location=Mazamitla&guests=3')).body)).fields,
    ).toMatchObject({
      location: 'Mazamitla',
      checkIn: '',
      guests: '3',
    })
  })

  it.each([
    [
      'dates in the past',
      'location=Mazamitla&checkIn=2026-05-01&checkOut=2026-05-03&guests=2',
      'La fecha de llegada no puede ser anterior a hoy',
    ],
    [
      'dates in reverse',
      'location=Mazamitla&checkIn=2026-07-12&checkOut=2026-07-10&guests=2',
      'La fecha de salida debe ser posterior a la fecha de llegada',
    ],
    [
      'too many guests',
      'location=Mazamitla&checkIn=2026-07-10&checkOut=2026-07-12&guests=60',
      'El número de huéspedes debe ser un número entero entre 1 y 50',
    ],
  ])(
    'renders a search refused for %s with 400, its reason and a form to change it',
    async (_name, search, reason) => {
      const res = await getPage(`/results?${search}&beds=2`)
      expect(res.statusCode).toBe(400)
      const page = pageOf(res.body)
      expect(page.errors).toEqual([])
      expect(
        textOf(
          must(
            findAll(page.body, (e) => e.tagName === 'h1')[0],
            "findAll(page.body, (e) => e.tagName === 'h1')[0]",
          ),
        ),
      ).toBe('Error en la búsqueda')
      const [alert] = findAll(page.body, (e) => attr(e, 'role') === 'alert')
      expect(textOf(must(alert, 'alert'))).toContain(reason)
      expect(page.text).not.toContain('Buscando...')
      expect(page.text).not.toContain('Reintentar')
      expect(page.meta('robots')).toEqual(['noindex'])
      const params = new URLSearchParams(search)
      expect(searchForm(page).fields).toEqual({
        location: 'Mazamitla',
        checkIn: params.get('checkIn'),
        checkOut: params.get('checkOut'),
        guests: params.get('guests'),
        beds: '2',
      })
    },
  )

  it('writes the cabin into its page: name, place, description, amenities, price and photos', async () => {
    const json = (await app.inject({ url: `/habitaciones/${cabin.id}` })).json()
    const res = await getPage(`/cabin/${cabin.id}`)
    const page = pageOf(res.body)

    const [h1] = findAll(page.body, (e) => e.tagName === 'h1')
    expect(textOf(must(h1, 'h1'))).toBe('Cabaña Los Pinos')
    expect(page.text).toContain('Mazamitla, Jalisco')
    expect(page.text).toContain(
      'Cabaña de madera rodeada de pinos, con chimenea de piedra y terraza al bosque.',
    )
    for (const key of ['wifi', 'fireplace', 'forestView']) expect(page.text).toContain(amenityLabel(key))
    // The nightly price as the page shows it: the API's precioBaseFinal in pesos.
    expect(page.text).toContain(formatMxn(json.precioCalculado.precioBaseFinal))

    const photos = findAll(
      page.body,
      (e) => e.tagName === 'img' && /\/media\/cabins\/los-pinos\//.test(attr(e, 'src') ?? ''),
    )
    expect(photos.map((img) => attr(img, 'src'))).toEqual([
      '/media/cabins/los-pinos/1.webp',
      '/media/cabins/los-pinos/2.webp',
    ])
    for (const img of photos) {
      expect(Number(attr(img, 'width'))).toBeGreaterThan(0)
      expect(Number(attr(img, 'height'))).toBeGreaterThan(0)
      expect(attr(img, 'srcset')).toMatch(/\/media\/cabins\/los-pinos\/\d-\d+\.webp \d+w/)
      expect(attr(img, 'sizes')).toBeTruthy()
      expect(attr(img, 'alt')).toBeDefined()
    }
    const [lcp, rest] = photos
    expect(attr(must(lcp, 'lcp'), 'fetchpriority')).toBe('high')
    expect(attr(must(lcp, 'lcp'), 'loading')).not.toBe('lazy')
    expect(attr(must(rest, 'rest'), 'loading')).toBe('lazy')
    expect(attr(must(rest, 'rest'), 'fetchpriority')).toBeUndefined()
    // The LCP photo is preloaded from the head, with the same candidates.
    const preloads = page.links('preload').filter((link) => attr(link, 'as') === 'image')
    expect(preloads).toHaveLength(1)
    expect(attr(must(preloads[0], 'preloads[0]'), 'imagesrcset')).toBe(attr(must(lcp, 'lcp'), 'srcset'))
    expect(attr(must(preloads[0], 'preloads[0]'), 'imagesizes')).toBe(attr(must(lcp, 'lcp'), 'sizes'))
    expect(attr(must(preloads[0], 'preloads[0]'), 'fetchpriority')).toBe('high')
  })

  it("links 'Mostrar todas las fotos' and each photo of the cabin page to the photos page, which shows every photo", async () => {
    const cabinPage = pageOf(
      (await getPage(`/cabin/${cabin.id}?checkIn=2026-07-10&checkOut=2026-07-12`)).body,
    )
    const photosHref = `/cabin/${cabin.id}/fotos?checkIn=2026-07-10&checkOut=2026-07-12`
    const links = findAll(
      cabinPage.body,
      (e) => e.tagName === 'a' && attr(e, 'href')?.includes('/fotos') === true,
    )
    expect(links.map((link) => [textOf(link), attr(link, 'href')])).toEqual([
      ['', `${photosHref}#foto-1`],
      ['', `${photosHref}#foto-2`],
      ['Mostrar todas las fotos', photosHref],
    ])

    const res = await getPage(photosHref)
    expect(res.statusCode).toBe(200)
    const page = pageOf(res.body)
    expect(
      textOf(
        must(
          findAll(page.body, (e) => e.tagName === 'h1')[0],
          "findAll(page.body, (e) => e.tagName === 'h1')[0]",
        ),
      ),
    ).toBe('Fotos de Cabaña Los Pinos')
    const photos = findAll(
      page.body,
      (e) => e.tagName === 'img' && /\/media\/cabins\//.test(attr(e, 'src') ?? ''),
    )
    expect(photos.map((img) => [attr(img, 'src'), attr(img, 'alt')])).toEqual([
      ['/media/cabins/los-pinos/1.webp', 'Fachada'],
      ['/media/cabins/los-pinos/2.webp', 'Sala'],
    ])
    const back = findAll(page.body, (e) => e.tagName === 'a' && textOf(e) === 'Volver a la cabaña')
    expect(back.map((link) => attr(link, 'href'))).toEqual([
      `/cabin/${cabin.id}?checkIn=2026-07-10&checkOut=2026-07-12`,
      `/cabin/${cabin.id}?checkIn=2026-07-10&checkOut=2026-07-12`,
    ])
    // Search engines index the cabin's page, which shows the same photos.
    expect(
      textOf(
        must(
          findAll(page.head, (e) => e.tagName === 'title')[0],
          "findAll(page.head, (e) => e.tagName === 'title')[0]",
        ),
      ),
    ).toBe('Fotos de Cabaña Los Pinos — Cabañas MX')
    expect(page.links('canonical').map((link) => attr(link, 'href'))).toEqual([
      `${PUBLIC_URL}/cabin/${cabin.id}`,
    ])
    expect(page.meta('robots')).toEqual([])
  })

  it('heads the cabin page with its title, description, canonical URL and sharing tags on PUBLIC_URL', async () => {
    const res = await getPage(`/cabin/${cabin.id}`, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    })
    const page = pageOf(res.body)
    const url = `${PUBLIC_URL}/cabin/${cabin.id}`

    const [title] = findAll(page.head, (e) => e.tagName === 'title')
    expect(textOf(must(title, 'title'))).toContain('Cabaña Los Pinos')
    const [description] = page.meta('description')
    expect(description).toContain('Cabaña de madera rodeada de pinos')
    expect(page.links('canonical').map((link) => attr(link, 'href'))).toEqual([url])
    const alternates = page.links('alternate').filter((link) => attr(link, 'hreflang') === 'es-MX')
    expect(alternates.map((link) => attr(link, 'href'))).toEqual([url])
    expect(res.body).not.toContain('evil.example')

    expect(page.meta('og:url')).toEqual([url])
    expect(page.meta('og:title')[0]).toContain('Cabaña Los Pinos')
    expect(page.meta('og:description')).toEqual([description])
    const [image] = page.meta('og:image')
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/media/cabins/los-pinos/`))
    expect(page.meta('og:image:width')).toEqual(['1200'])
    expect(page.meta('og:image:height')).toEqual(['630'])
    expect(page.meta('og:locale')).toEqual(['es_MX'])
    expect(page.meta('twitter:card')).toEqual(['summary_large_image'])
    expect(page.meta('twitter:image')).toEqual([image])
  })

  it('describes the cabin in JSON-LD with its real values: a VacationRental with an Offer in MXN', async () => {
    const json = (await app.inject({ url: `/habitaciones/${cabin.id}` })).json()
    const page = pageOf((await getPage(`/cabin/${cabin.id}`)).body)
    const url = `${PUBLIC_URL}/cabin/${cabin.id}`

    const lodging = page.jsonLd.find(
      (item) => item['@type'] === 'VacationRental' || item['@type'] === 'LodgingBusiness',
    )
    expect(lodging).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Cabaña Los Pinos',
      url,
      address: { addressLocality: 'Mazamitla', addressRegion: 'Jalisco', addressCountry: 'MX' },
      geo: { '@type': 'GeoCoordinates', latitude: 19.9156, longitude: -103.0197 },
    })
    expect(must(lodging, 'lodging').image).toEqual([
      `${PUBLIC_URL}/media/cabins/los-pinos/1.webp`,
      `${PUBLIC_URL}/media/cabins/los-pinos/2.webp`,
    ])
    expect(JSON.stringify(lodging)).toContain('"maxValue":6')
    for (const key of ['wifi', 'fireplace', 'forestView']) {
      expect(JSON.stringify(lodging)).toContain(`"name":"${amenityLabel(key)}"`)
    }
    const offer = (must(lodging, 'lodging').makesOffer ?? must(lodging, 'lodging').offers) as Record<
      string,
      unknown
    >
    expect(offer.priceCurrency).toBe('MXN')
    expect(Number(offer.price)).toBe(json.precioCalculado.precioBaseFinal / 100)

    const breadcrumbs = page.jsonLd.find((item) => item['@type'] === 'BreadcrumbList')
    const items = must(breadcrumbs, 'breadcrumbs').itemListElement as Array<{
      position: number
      name: string
      item: string
    }>
    expect(items.map(({ position, item }) => [position, item])).toEqual([
      [1, `${PUBLIC_URL}/`],
      [2, `${PUBLIC_URL}/destinos/${mazamitla()}`],
      [3, url],
    ])
  })

  it('lists the destination cabins as links, with an ItemList in JSON-LD', async () => {
    const page = pageOf((await getPage(`/destinos/${mazamitla()}`)).body)
    const cabinLinks = findAll(
      page.body,
      (e) => e.tagName === 'a' && /^\/cabin\//.test(attr(e, 'href') ?? ''),
    )
    const hrefs = new Set(
      cabinLinks.map((link) => must(attr(link, 'href'), "attr(link, 'href')").split('?')[0]),
    )
    expect(hrefs).toEqual(new Set([`/cabin/${cabin.id}`, `/cabin/${neighbour.id}`]))
    expect(page.links('canonical').map((link) => attr(link, 'href'))).toEqual([
      `${PUBLIC_URL}/destinos/${mazamitla()}`,
    ])
    const list = page.jsonLd.find((item) => item['@type'] === 'ItemList')
    expect(JSON.stringify(list)).toContain(`${PUBLIC_URL}/cabin/${cabin.id}`)
    expect(JSON.stringify(list)).toContain(`${PUBLIC_URL}/cabin/${neighbour.id}`)
  })

  it('shows the results of the stay in the results page', async () => {
    const page = pageOf((await getPage(`/results?${stay}`)).body)
    expect(page.text).toContain('Cabaña Los Pinos')
    expect(page.text).toContain('Cabaña El Encino')
    expect(page.links('canonical')).toHaveLength(1)
  })

  it('still answers an unknown API path with the JSON 404, even to a browser', async () => {
    for (const url of ['/api/no-existe', '/habitaciones/x/y/z', '/auth/no-existe', '/docs/no-existe']) {
      const res = await getPage(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toMatchObject({ success: false })
    }
  })
})

describe('the inline script of a server-rendered page', () => {
  it.each([
    ['the home', () => '/'],
    ['a cabin page', () => `/cabin/${cabin.id}`],
    ['a results page', () => `/results?${stay}`],
  ])('on %s, runs under the CSP only because the CSP names its hash, in the head', async (_name, url) => {
    const res = await getPage(url())
    const page = pageOf(res.body)
    const scriptSources = /(?:^|;\s*)script-src ([^;]*)/.exec(
      String(res.headers['content-security-policy']),
    )?.[1]
    const allowed = scriptSources?.split(' ') ?? []
    // Executable inline scripts: no src, and no data type (JSON, JSON-LD).
    const inline = findAll(
      page.document,
      (e) => e.tagName === 'script' && attr(e, 'src') === undefined && attr(e, 'type') === undefined,
    )
    expect(inline).toHaveLength(1)
    const hash = createHash('sha256')
      .update(textOf(must(inline[0], 'inline[0]')))
      .digest('base64')
    expect(allowed).toContain(`'sha256-${hash}'`)
    expect(allowed).not.toContain("'unsafe-inline'")
    // In the head: it runs before the body, so before anything is painted or can be tapped.
    expect(page.head.childNodes).toContain(inline[0])
  })
})

describe('a page whose render fails', () => {
  const failing: PageRenderer = {
    servesPath: () => true,
    render: async () => {
      throw new Error('render failed')
    },
  }

  it('is the client-rendered page instead', async () => {
    const { app: failingApp, db, close: closeFailing } = await buildTestApp({ pageRenderer: failing })
    try {
      const { id } = await insertCabin(db)
      const res = await failingApp.inject({ url: `/cabin/${id}`, headers: { accept: 'text/html' } })
      expect(res.body).not.toContain('ssr-state')
      if (existsSync(path.join(failingApp.config.webDistDir, 'index.html'))) {
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(res.body).toContain('<div id="root"></div>')
        expect(res.body).toContain('id="app-config"')
      } else {
        // Without a built web there is no client-rendered page either: the JSON 404, never a 500.
        expect(res.statusCode).toBe(404)
      }
    } finally {
      await closeFailing()
    }
  })
})
