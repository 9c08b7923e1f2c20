import type { QuoteRequest } from '@cabanas/domain/quotes'
import type { SearchRequest, SearchResponse } from '@cabanas/domain/search'

/**
 * The contract between the API server and the web's server renderer (apps/web/src/ssr). The API owns
 * the data: it hands the renderer the very functions its JSON routes answer with (no HTTP call to
 * itself), each returning that route's response body (typed where the renderer reads it as it is).
 * The renderer owns the markup.
 */

/** Response bodies of the API's public read routes, produced in-process. */
export type PageData = {
  /** GET /habitaciones/:id, or null when there is no such cabin. */
  cabin(id: string): Promise<unknown | null>
  /** GET /api/destinations. */
  destinations(): Promise<unknown>
  /** GET /api/destinations/:slug, or null when no destination has that slug. */
  destination(slug: string): Promise<unknown | null>
  /**
   * GET /cotizar/search for this search (the results page's address as the renderer read it), checked
   * with the route's rules and messages. When the route would answer with an error of its own (a
   * refusal: dates in the past, too many guests…), rejects with a PageDataFailure.
   */
  search(request: SearchRequest): Promise<SearchResponse>
  /** GET /api/availability/cabin/:id (booked nights and minimum stay), or null when there is no such cabin. */
  cabinCalendar(cabinId: string): Promise<unknown | null>
  /**
   * POST /reservas/cotizar with this body: its status and body, a refusal included (a 409 for taken
   * dates, a 400 for dates the quote refuses), exactly as the route answers.
   */
  quote(body: QuoteRequest): Promise<{ status: number; body: unknown }>
}

/**
 * How a PageData function fails when its route would answer with an error: an Error carrying that
 * answer's HTTP status and JSON body (`{ success: false, error, errorType, message }`), so the page
 * shows what the browser would have been told. Anything else (a bug) rejects as it is.
 */
export type PageDataFailure = Error & { status: number; body: unknown }

/** The built client's files for the document head (read from the client build's index.html and manifest). */
export type PageAssets = {
  /** Entry module scripts, e.g. '/assets/index-abc123.js'. */
  scripts: string[]
  /**
   * The JavaScript files each module of the client build loads before it runs (its chunk and every chunk
   * that chunk imports, statically and transitively), by the build manifest's key: the entry is
   * 'index.html', every other module its path in the web app ('src/app/routes/cabin-page.tsx'). Empty
   * when the build has no manifest.
   */
  moduleFiles: Record<string, string[]>
  /** Stylesheets, e.g. '/assets/index-abc123.css'. */
  styles: string[]
  /** Fonts to preload (woff2 of the latin subset). */
  fontPreloads: string[]
  /** The stylesheets' text, inlined in the head when given (critical CSS for the first view). */
  inlineStyles?: string
}

/** The public runtime settings the browser reads from `#app-config` (no secrets). */
export type PublicWebConfig = {
  /** Origin that canonical and Open Graph URLs are written under (PUBLIC_URL). */
  publicUrl: string
  mapTileUrl: string
  openpay: { merchantId: string; publicKey: string; sandbox: boolean; jsUrls: string[] }
}

export type RenderPageInput = {
  /** Path and query of the request, e.g. '/cabin/…?checkIn=…'. */
  path: string
  data: PageData
  assets: PageAssets
  config: PublicWebConfig
}

export type RenderedPage =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /** The document, streamed: the status is final before the first byte. */
  | { kind: 'html'; status: number; body: AsyncIterable<Uint8Array> }

export type PageRenderer = {
  render(input: RenderPageInput): Promise<RenderedPage>
  /** Whether the renderer serves this path (public, server-rendered pages); the rest is the SPA. */
  servesPath(pathname: string): boolean
}
