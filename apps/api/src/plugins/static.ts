import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { NOT_PAGE_PREFIXES } from '@cabanas/contracts/routes'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'

/** Paths owned by the server (route manifest): an unknown path under them is a JSON 404, never the SPA. */
export const isApiPath = (url: string) =>
  NOT_PAGE_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  )

/** The public, non-secret runtime config the SPA reads from index.html. */
export function publicWebConfig(config: Config) {
  const { openpay } = config
  return {
    publicUrl: config.publicUrl,
    mapTileUrl: config.mapTileUrl,
    openpay: {
      merchantId: openpay.merchantId,
      publicKey: openpay.publicKey,
      sandbox: !openpay.production,
      jsUrls: openpay.jsUrls,
    },
  }
}

export function renderIndexHtml(config: Config): string | null {
  const file = path.join(config.webDistDir, 'index.html')
  if (!existsSync(file)) return null
  const json = JSON.stringify(publicWebConfig(config)).replaceAll('<', '\\u003c')
  return readFileSync(file, 'utf8').replace(
    '<!--app-config-->',
    `<script type="application/json" id="app-config">${json}</script>`,
  )
}

/**
 * Serves cabin media and the built SPA's files (hashed assets cached for a year). Pages, index.html
 * and the 404s are features/pages.
 */
async function staticPlugin(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
    index: false,
  })

  /** The same public settings for the Vite dev server, which serves its own index.html (scripts/dev.mjs). */
  app.get('/api/app-config', async () => publicWebConfig(config))

  const indexHtml = renderIndexHtml(config)
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // index.html is only served with the runtime config injected, by the fallback below.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes a brotli and a gzip copy of each text file (scripts/build.mjs): sent as they
      // are to a browser that accepts them, the file itself to one that does not.
      preCompressed: true,
      // The copies are found on disk for their file; they are not addresses of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
      },
    })
  } else {
    app.log.warn({ dir: config.webDistDir }, 'web app not built: run `npm run build` to serve the SPA')
  }
}

export default fp(staticPlugin, { name: 'static' })
