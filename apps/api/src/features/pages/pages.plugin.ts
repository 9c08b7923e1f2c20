import { Readable } from 'node:stream'
import { SERVER_RENDERED_PAGES } from '@cabanas/contracts/routes'
import type { PageRenderer } from '@cabanas/contracts/ssr'
import { messages } from '@cabanas/domain/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sendError } from '../../plugins/errors.ts'
import { isApiPath, publicWebConfig, renderIndexHtml } from '../../plugins/static.ts'
import { NO_ASSETS, readClientAssets } from './client-assets.ts'
import { pageData } from './page-data.ts'
import { sitemapRoutes } from './sitemap.routes.ts'

/** The public pages, rendered on the server: the route manifest's (@cabanas/contracts/routes). */
export const SERVER_RENDERED_ROUTES: readonly string[] = SERVER_RENDERED_PAGES

type PagesOptions = { renderer: PageRenderer | null }

const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !isApiPath(request.url) &&
  (request.headers.accept ?? '').includes('text/html')

/**
 * Every HTML answer: the public pages server-rendered (with their real status: an unknown path or
 * cabin is a 404), every other page of the app the client-rendered index.html, and anything else
 * unknown a JSON 404. Without a renderer (the web's server build missing) or when a render fails, the
 * page is the client-rendered one, as before server rendering existed.
 */
async function pagesPlugin(app: FastifyInstance, { renderer }: PagesOptions) {
  const { config } = app
  const indexHtml = renderIndexHtml(config)
  const assets = indexHtml ? readClientAssets(config.webDistDir, indexHtml) : NO_ASSETS
  const data = pageData(app)
  const webConfig = publicWebConfig(config)

  const sendSpa = (reply: FastifyReply) =>
    indexHtml
      ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml)
      : sendError(reply, 'NOT_FOUND', messages.routeNotFound)

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    if (!renderer?.servesPath(pathname)) return sendSpa(reply)
    let page: Awaited<ReturnType<PageRenderer['render']>>
    try {
      page = await renderer.render({ path: request.url, data, assets, config: webConfig })
    } catch (error) {
      request.log.error({ err: error }, 'page render failed: serving the client-rendered page')
      return sendSpa(reply)
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status)
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(Readable.from(page.body))
  }

  for (const url of SERVER_RENDERED_ROUTES) app.get(url, sendPage)
  await app.register(sitemapRoutes)

  app.setNotFoundHandler((request, reply) =>
    wantsHtml(request) ? sendPage(request, reply) : sendError(reply, 'NOT_FOUND', messages.routeNotFound),
  )
}

export default fp(pagesPlugin, { name: 'pages', dependencies: ['static'] })
