import { type CabinImage, DEFAULT_OG_IMAGE, ogImagePath } from '@cabanas/domain/catalog'
import { publicHref } from '../../lib/config'
import { scriptJson } from '../../lib/script-json'
import type { JsonLd } from './structured-data'

const SITE_NAME = 'Cabañas MX'
/** Every link preview we serve (the site's own and each photo's `-og.jpg`) is 1200×630. */
const OG_IMAGE_SIZE = { width: '1200', height: '630' }

type PageHeadProps = {
  /** The whole `<title>`, e.g. 'Cabaña del Lago en Valle de Bravo, Estado de México — Cabañas MX'. */
  title: string
  /** The meta description (≤ 160 characters). */
  description: string
  /** The link preview: a path on our origin ('/media/…-og.jpg') or an absolute URL; the site's own by default. */
  image?: string | null | undefined
  imageAlt?: string | undefined
  /** Structured data, one `<script type="application/ld+json">` each. */
  jsonLd?: JsonLd | readonly JsonLd[] | undefined
} & (
  | {
      /** The page's own address ('/cabin/…'): its canonical URL and og:url, on PUBLIC_URL. */
      path: string
      noIndex?: false
    }
  | {
      /** A page search engines must not index (not found): no canonical URL. */
      noIndex: true
      path?: undefined
    }
)

/** The link preview of a cabin: its first hosted photo's 1200×630 JPEG, else none (the site's own). */
export function cabinOgImage(images: readonly Pick<CabinImage, 'url'>[]): string | null {
  const first = images[0]
  return first ? ogImagePath(first) : null
}

/** The origin the JSON-LD builders write their URLs on: PUBLIC_URL (the page's own in development). */
export function siteOrigin(): { publicUrl: string } {
  return { publicUrl: publicHref('') }
}

const absolute = (pathOrUrl: string) => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : publicHref(pathOrUrl))

/**
 * A page's head: title, description, canonical and hreflang links, Open Graph and Twitter tags, and its
 * JSON-LD. Rendered anywhere in the page; React 19 places the `<title>`, `<meta>` and `<link>` tags in
 * the document's `<head>`, on the server and on client navigations. JSON-LD stays where it is rendered
 * (search engines read it anywhere in the document).
 */
export function PageHead({ title, description, path, image, imageAlt, jsonLd, noIndex }: PageHeadProps) {
  const url = !noIndex && path !== undefined ? publicHref(path) : null
  const imageUrl = absolute(image || DEFAULT_OG_IMAGE)
  const alt = imageAlt || title
  const scripts = jsonLd === undefined ? [] : Array.isArray(jsonLd) ? jsonLd : [jsonLd as JsonLd]

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noIndex && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      {url && <link rel="alternate" hrefLang="es-MX" href={url} />}
      {url && <link rel="alternate" hrefLang="x-default" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="es_MX" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={OG_IMAGE_SIZE.width} />
      <meta property="og:image:height" content={OG_IMAGE_SIZE.height} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={alt} />
      {scripts.map((data, index) => (
        <script
          key={index}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by scriptJson (no '<')
          dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
        />
      ))}
    </>
  )
}
