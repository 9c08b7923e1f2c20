import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { PageRenderer } from '@cabanas/domain/pages'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { prepareDatabase } from './db/prepare.ts'
import { systemClock } from './plugins/clock.ts'

async function main() {
  const startedAt = performance.now()
  const config = loadConfig()
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  )
  const prepared = await prepareDatabase(database, { seed: config.seed, today: systemClock.today() })
  const pageRenderer = await loadPageRenderer(config.webSsrEntry)
  const app = await buildApp({ config, clock: systemClock, database, pageRenderer })
  if (!pageRenderer) app.log.warn('page renderer not built: pages are client-rendered (`npm run build`)')
  if (prepared.seeded) {
    app.log.info({ cabins: prepared.cabins, reservations: prepared.reservations }, 'demo catalogue seeded')
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    try {
      await app.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ host: config.host, port: config.port })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const engine = database.engine === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  const payments =
    config.openpay.mode === 'sandbox' ? '\n  Pagos: sandbox local de Openpay, ningún cobro es real\n' : ''
  console.log(
    `\n  Cabañas MX lista en http://localhost:${port}  (${engine}, arranque en ${seconds} s)\n${payments}`,
  )
}

/** The web's built server renderer (apps/web/dist-ssr), or null when the web was not built. */
async function loadPageRenderer(entry: string): Promise<PageRenderer | null> {
  if (!existsSync(entry)) return null
  const module = (await import(pathToFileURL(entry).href)) as { renderer: PageRenderer }
  return module.renderer
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message)
  } else if (error instanceof ConfigError) {
    // One problem, one line (what an operator's log shows first); a list keeps its layout and a hint.
    const oneLine = !error.message.includes('\n')
    console.error(
      oneLine ? error.message : `\n${error.message}\n\nRevisa tus variables de entorno (ver .env.example).\n`,
    )
  } else {
    console.error('No se pudo iniciar Cabañas MX:', error)
  }
  process.exit(1)
})
