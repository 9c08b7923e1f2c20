import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { PageRenderer } from '@cabanas/contracts/ssr'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { prepareDatabase } from './db/prepare.ts'
import { seedDemoAccounts } from './features/hosts/demo-accounts.ts'
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
  // Outside production, with the demo catalogue: its demo hosts and a demo operator (never in production).
  const demo =
    config.seed === 'auto' && config.env !== 'production'
      ? await seedDemoAccounts(app.db, { env: config.env })
      : null

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
  const demoLines = demo
    ? `\n  Cuentas de demostración (contraseña: ${demo.host.password}):\n    anfitrión: ${demo.host.email}\n    operador:  ${demo.operator.email}\n`
    : ''
  console.log(
    `\n  Cabañas MX lista en http://localhost:${port}  (${engine}, arranque en ${seconds} s)\n  Enlaces públicos (PUBLIC_URL): ${config.publicUrl}\n${payments}${demoLines}`,
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
    // A known cause in one line; anything else keeps its stack for whoever debugs it.
    const line = startFailureLine(error)
    if (line) console.error(line)
    else console.error('No se pudo iniciar Cabañas MX:', error)
  }
  process.exit(1)
})

/** Fastify's (avvio's) start-up timeouts: a plugin or a hook did not finish within pluginTimeout. */
const START_TIMEOUT_CODES = new Set([
  'FST_ERR_PLUGIN_TIMEOUT',
  'FST_ERR_HOOK_TIMEOUT',
  'AVV_ERR_READY_TIMEOUT',
  'AVV_ERR_PLUGIN_EXEC_TIMEOUT',
])

/** Node and PostgreSQL codes of a database that cannot be reached or refuses the connection. */
const DATABASE_UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P03', // the database system is starting up
  '28P01', // password authentication failed
  '28000', // no pg_hba.conf entry
  '3D000', // the database does not exist
])

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * The one line an operator reads first, for the failures a start under pressure meets; null for
 * anything else. Never the error's message of a database (it may hold the user or the host).
 */
function startFailureLine(error: unknown): string | null {
  const code = codeOf(error)
  if (code && START_TIMEOUT_CODES.has(code)) {
    const message = String((error as Error).message)
    // "Plugin did not start in time: 'name'. …" / "A callback for 'onReady' hook "name" timed out. …"
    const plugin = /in time: '([^']{1,80})'/.exec(message)?.[1]
    const hook = /for '(\w+)' hook(?: "([^"]{1,80})")?/.exec(message)
    const step = plugin ?? (hook ? [hook[1], hook[2]].filter(Boolean).join(' ') : 'un plugin')
    return `No se pudo iniciar Cabañas MX: el arranque no terminó a tiempo (${step}, ${code}); si la máquina está sin CPU libre, vuelve a intentarlo cuando tenga`
  }
  // pg raises an AggregateError (one per address tried) whose code is its first one's.
  const databaseCode =
    code ?? codeOf((error as { errors?: unknown[] } | null)?.errors?.[0]) ?? codeOf((error as Error)?.cause)
  if (databaseCode && DATABASE_UNREACHABLE_CODES.has(databaseCode)) {
    return `No se pudo iniciar Cabañas MX: la base de datos no respondió o rechazó la conexión (${databaseCode}); revisa DATABASE_URL y que PostgreSQL esté en marcha`
  }
  return null
}
