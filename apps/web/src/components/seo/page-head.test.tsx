import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { applyServerConfig, config } from '../../lib/config'
import { buildCabin } from '../../test/factories'
import { cabinOgImage, PageHead } from './page-head'
import { breadcrumbs, cabinBreadcrumbs, cabinStructuredData, type JsonLd } from './structured-data'

const PUBLIC_URL = 'https://cabanas.example'

beforeEach(() => applyServerConfig({ publicUrl: PUBLIC_URL }))
afterEach(() => {
  config.publicUrl = ''
})

/** The page head inside a whole document, rendered as the server renders pages, then parsed. */
function renderDocument(head: ReactNode): Document {
  const html = renderToString(
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body>
        <main>
          <h1>Página</h1>
          {head}
        </main>
      </body>
    </html>,
  )
  return new DOMParser().parseFromString(`<!doctype html>${html}`, 'text/html')
}

const meta = (doc: Document, key: string) =>
  doc.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content')

const jsonLdOf = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as JsonLd,
  )

describe('PageHead', () => {
  it('puts the title, description, canonical, hreflang, Open Graph and Twitter tags in the head', () => {
    const doc = renderDocument(
      <PageHead
        title="Cabaña del Lago — Cabañas MX"
        description="Frente al lago, con chimenea."
        path="/cabin/abc?x=1"
        image="/media/cabins/lago/1-og.jpg"
        imageAlt="El muelle"
      />,
    )
    const canonical = `${PUBLIC_URL}/cabin/abc?x=1`
    expect(doc.title).toBe('Cabaña del Lago — Cabañas MX')
    expect(doc.head.querySelectorAll('title')).toHaveLength(1)
    expect(doc.body.querySelector('title, meta, link')).not.toBeInTheDocument()
    expect(meta(doc, 'description')).toBe('Frente al lago, con chimenea.')
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical)
    const alternates = [...doc.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ])
    expect(alternates).toEqual([
      ['es-MX', canonical],
      ['x-default', canonical],
    ])
    expect(meta(doc, 'robots')).toBeUndefined()

    expect(meta(doc, 'og:type')).toBe('website')
    expect(meta(doc, 'og:site_name')).toBe('Cabañas MX')
    expect(meta(doc, 'og:locale')).toBe('es_MX')
    expect(meta(doc, 'og:title')).toBe('Cabaña del Lago — Cabañas MX')
    expect(meta(doc, 'og:description')).toBe('Frente al lago, con chimenea.')
    expect(meta(doc, 'og:url')).toBe(canonical)
    expect(meta(doc, 'og:image')).toBe(`${PUBLIC_URL}/media/cabins/lago/1-og.jpg`)
    expect(meta(doc, 'og:image:width')).toBe('1200')
    expect(meta(doc, 'og:image:height')).toBe('630')
    expect(meta(doc, 'og:image:alt')).toBe('El muelle')

    expect(meta(doc, 'twitter:card')).toBe('summary_large_image')
    expect(meta(doc, 'twitter:title')).toBe('Cabaña del Lago — Cabañas MX')
    expect(meta(doc, 'twitter:description')).toBe('Frente al lago, con chimenea.')
    expect(meta(doc, 'twitter:image')).toBe(`${PUBLIC_URL}/media/cabins/lago/1-og.jpg`)
  })

  it("falls back to the site's own absolute 1200×630 preview", () => {
    const doc = renderDocument(<PageHead title="Cabañas MX" description="Renta de cabañas." path="/" />)
    expect(meta(doc, 'og:image')).toBe(`${PUBLIC_URL}/og-image.jpg`)
    expect(meta(doc, 'twitter:image')).toBe(`${PUBLIC_URL}/og-image.jpg`)
    expect(meta(doc, 'og:image:alt')).toBe('Cabañas MX')
  })

  it('writes each JSON-LD object as a script whose JSON parses back to it', () => {
    const cabin = buildCabin({ name: 'Cabaña </script><script>alert(1)</script> & Co' })
    const data = [
      breadcrumbs(cabinBreadcrumbs(cabin), { publicUrl: PUBLIC_URL }),
      cabinStructuredData(cabin, { publicUrl: PUBLIC_URL }),
    ]
    const doc = renderDocument(
      <PageHead
        title="Cabaña — Cabañas MX"
        description="Una cabaña."
        path={`/cabin/${cabin._id}`}
        jsonLd={data}
      />,
    )
    // The name could not close the script: no script element but the two JSON-LD ones.
    expect(doc.querySelectorAll('script')).toHaveLength(2)
    const [trail, rental] = jsonLdOf(doc)
    expect(trail).toEqual(data[0])
    expect(rental).toEqual(data[1])
    expect(rental).toMatchObject({
      '@type': 'VacationRental',
      name: 'Cabaña </script><script>alert(1)</script> & Co',
      url: `${PUBLIC_URL}/cabin/${cabin._id}`,
      makesOffer: { '@type': 'Offer', price: '1680.00', priceCurrency: 'MXN' },
    })
  })

  it('tells search engines not to index a not-found page, with no canonical URL', () => {
    const doc = renderDocument(
      <PageHead title="Página no encontrada — Cabañas MX" description="No existe." noIndex />,
    )
    expect(doc.title).toBe('Página no encontrada — Cabañas MX')
    expect(meta(doc, 'robots')).toBe('noindex')
    expect(doc.head.querySelector('link[rel="canonical"], link[rel="alternate"]')).not.toBeInTheDocument()
    expect(meta(doc, 'og:url')).toBeUndefined()
  })
})

describe('cabinOgImage', () => {
  it("is the first hosted photo's JPEG preview, and none for a photo hosted elsewhere", () => {
    expect(cabinOgImage([{ url: '/media/cabins/lago/1.webp' }, { url: '/media/cabins/lago/2.webp' }])).toBe(
      '/media/cabins/lago/1-og.jpg',
    )
    expect(cabinOgImage([{ url: 'https://fotos.example/1.webp' }])).toBeNull()
    expect(cabinOgImage([])).toBeNull()
  })
})
