import { absoluteUrl, publicPaths } from '@cabanas/contracts/routes'
import { destinationSlug } from '@cabanas/domain/catalog'
import { messages } from '@cabanas/domain/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendError } from '../../plugins/errors.ts'
import { countCabins, listCabinChanges, listDestinationChanges } from './sitemap.queries.ts'
import {
  MAX_SITEMAP_URLS,
  type SitemapUrl,
  sitemapFileCount,
  sitemapIndexXml,
  sitemapSlice,
  urlsetXml,
} from './sitemap.serialize.ts'

/**
 * Private pages (checkout, account, trip links) and the API's prefixes. Public pages (/results,
 * /cabin, /destinos) and what they load (/media, /assets) stay crawlable.
 */
const DISALLOWED = [
  '/checkout',
  '/confirmation',
  '/profile',
  '/my-reservations',
  '/reserva/',
  '/login',
  '/register',
  '/forgot-password',
  '/verificar-correo',
  '/api/',
  '/auth/',
  '/payments/',
  '/webhooks/',
  '/sandbox/',
  '/reservas/',
  '/cotizar/',
  // The API's reference (OpenAPI document and Swagger UI): for developers, not a page to rank.
  '/docs',
  '/openapi.json',
]

const CACHE_CONTROL = 'public, max-age=3600'

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}

type SitemapOptions = { urlsPerFile?: number }

/**
 * GET /robots.txt and the sitemap of every public page: `/sitemap.xml` is the whole `<urlset>` while
 * the site fits in one file (50,000 URLs), else a `<sitemapindex>` of `/sitemap-{n}.xml`. Every URL
 * is on PUBLIC_URL, never the request's Host. A file reads at most its own slice of the cabins.
 */
export async function sitemapRoutes(
  app: FastifyInstance,
  { urlsPerFile = MAX_SITEMAP_URLS }: SitemapOptions,
) {
  const url = (path: string) => absoluteUrl(app.config.publicUrl, path)

  /** Home, legal pages and every destination: a few hundred at most, read at once. */
  async function listPageUrls(): Promise<SitemapUrl[]> {
    const destinations = await listDestinationChanges(app.db)
    const lastChange = destinations.reduce<Date | null>(
      (latest, d) => (d.updatedAt && (!latest || d.updatedAt > latest) ? d.updatedAt : latest),
      null,
    )
    // Two spellings of a place can share a slug; its page is one (the first), listed once.
    const bySlug = new Map<string, SitemapUrl>()
    for (const d of destinations) {
      const slug = destinationSlug(d.population, d.state)
      const seen = bySlug.get(slug)
      if (!seen) bySlug.set(slug, { loc: url(publicPaths.destination(slug)), lastmod: d.updatedAt })
      else if (d.updatedAt && (!seen.lastmod || d.updatedAt > seen.lastmod)) seen.lastmod = d.updatedAt
    }
    return [
      // The home shows every destination's cabins: it changes when any cabin does.
      { loc: url(publicPaths.home()), lastmod: lastChange },
      { loc: url(publicPaths.terms()) },
      { loc: url(publicPaths.privacy()) },
      ...bySlug.values(),
    ]
  }

  async function fileUrls(n: number, pages: SitemapUrl[], cabins: number): Promise<SitemapUrl[] | null> {
    const slice = sitemapSlice(n, { pages: pages.length, cabins, perFile: urlsPerFile })
    if (!slice) return null
    const cabinRows = slice.cabins.limit > 0 ? await listCabinChanges(app.db, slice.cabins) : []
    return [
      ...pages.slice(slice.pages.start, slice.pages.end),
      ...cabinRows.map((row) => ({ loc: url(publicPaths.cabin(row.id)), lastmod: row.updatedAt })),
    ]
  }

  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml)

  app.get('/sitemap.xml', async (_request, reply) => {
    const [pages, cabins] = await Promise.all([listPageUrls(), countCabins(app.db)])
    const files = sitemapFileCount({ pages: pages.length, cabins, perFile: urlsPerFile })
    if (files > 1) {
      const locs = Array.from({ length: files }, (_, index) => url(`/sitemap-${index + 1}.xml`))
      return sendXml(reply, sitemapIndexXml(locs))
    }
    return sendXml(reply, urlsetXml((await fileUrls(1, pages, cabins)) ?? []))
  })

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', async (request, reply) => {
    const n = /^[1-9]\d{0,6}$/.test(request.params.page) ? Number(request.params.page) : 0
    const [pages, cabins] = await Promise.all([listPageUrls(), countCabins(app.db)])
    const urls = n > 0 ? await fileUrls(n, pages, cabins) : null
    if (!urls) return sendError(reply, 'NOT_FOUND', messages.routeNotFound)
    return sendXml(reply, urlsetXml(urls))
  })

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(robotsTxt(app.config.publicUrl)),
  )
}
