// npm run bench:fuzz — hostile requests over every route of the real server, in a child process:
// no answer may be ≥ 500 (except the social-login 501 and load shedding), no connection may be
// dropped unanswered, and the server's memory must stay flat. Deterministic from --seed.
//
//   node --import tsx tools/bench/fuzz.ts [--requests 10000] [--engine pglite|postgres] [--seed 1]
//        [--concurrency 20] [--strict-share 0.15] [--warm-up 1000] [--max-rss-growth 25]
//
// Two servers on one database, one after the other: the first trusts X-Forwarded-For from 127.0.0.1
// and has no general per-IP limit, so requests spread over many client addresses reach the handlers;
// the second (--strict-share of the requests) runs with the defaults, so the limited paths (429) are
// exercised too. PostgreSQL (--engine postgres) uses a new database on TEST_DATABASE_URL's server.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { loadSandboxCredentials } from '../../apps/api/src/sandbox-account.ts'
import { createSender, type Outcome } from './fuzz/client.ts'
import type { FuzzContext } from './fuzz/context.ts'
import { type FuzzRequest, generateRequest, type Target, targetsOf } from './fuzz/mutate.ts'
import { findServerPid, rssKib } from './fuzz/process.ts'
import { findingsAsJson, printFindings, type Secret, Stats } from './fuzz/report.ts'
import { type LiveRoute, matchRoutes, routeKey } from './fuzz/routes.ts'
import { ensureSession, prepareContext, type SetupFinding, setupClient } from './fuzz/setup.ts'
import { plantFuzzOperator } from './fuzz/setup-hosts.ts'
import {
  type BenchDatabase,
  createBenchDatabase,
  type Engine,
  type RunningServer,
  startServer,
} from './harness.ts'

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    engine: { type: 'string', default: 'pglite' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '20' },
    'strict-share': { type: 'string', default: '0.15' },
    'warm-up': { type: 'string', default: '1000' },
    'max-rss-growth': { type: 'string', default: '25' },
  },
})
const REQUESTS = Number(args.requests)
const SEED = Number(args.seed)
const CONCURRENCY = Number(args.concurrency)
const STRICT_SHARE = Number(args['strict-share'])
const MAX_RSS_GROWTH = Number(args['max-rss-growth']) / 100
const engine = args.engine as Engine
if (engine !== 'pglite' && engine !== 'postgres') throw new Error('--engine es pglite o postgres')
if (!Number.isInteger(REQUESTS) || REQUESTS < 100) throw new Error('--requests debe ser un entero ≥ 100')
const STRICT_REQUESTS = Math.round(REQUESTS * STRICT_SHARE)
const RELAXED_REQUESTS = REQUESTS - STRICT_REQUESTS
const WARM_UP = Math.min(Number(args['warm-up']), Math.floor(RELAXED_REQUESTS / 2))
/** RSS is read every 250 requests (printed every 1000): the check compares medians, not two readings. */
const SAMPLE_EVERY = 250
const PRINT_EVERY = 1000

// Known webhook credentials, so well-formed webhook deliveries get past the Basic check.
const WEBHOOK = { user: 'fuzz-webhook', password: `fuzz-${randomBytes(12).toString('hex')}` }

const checks: { name: string; ok: boolean; detail: string }[] = []
const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail })

const stats = new Stats()
const setupFindings: SetupFinding[] = []
const rssSamples: { phase: string; after: number; label: string; rssMib: number | null }[] = []
const mib = (kib: number | null) => (kib === null ? null : Math.round((kib / 1024) * 10) / 10)

// A PostgreSQL database of our own, named here, dropped at the end.
let ownPostgres: URL | null = null
if (engine === 'postgres' && !process.env.BENCH_DATABASE_URL) {
  const base = process.env.TEST_DATABASE_URL
  if (!base)
    throw new Error(
      '--engine postgres necesita TEST_DATABASE_URL (p. ej. postgres://postgres@127.0.0.1:5432/test)',
    )
  ownPostgres = new URL(base)
  ownPostgres.pathname = `/fuzz_${randomBytes(4).toString('hex')}`
  process.env.BENCH_DATABASE_URL = ownPostgres.toString()
}

// The server writes the routes it registered (fuzz/route-probe.mjs, loaded with --import).
const routesFile = path.join(tmpdir(), `cabanas-fuzz-routes-${process.pid}.json`)
const probe = pathToFileURL(path.join(import.meta.dirname, 'fuzz/route-probe.mjs')).href
process.env.BENCH_SERVER_NODE_ARGS = [process.env.BENCH_SERVER_NODE_ARGS, '--import', probe]
  .filter(Boolean)
  .join(' ')

let database: BenchDatabase | null = null
let server: RunningServer | null = null
let secrets: Secret[] = []
const startedAt = performance.now()
try {
  database = await createBenchDatabase(engine)
  // The sandbox's merchant and keys are generated per installation and kept in the database: they
  // are generated here first (as the server would), so the fuzzer can use the sandbox as a client.
  const handle = await database.open()
  await handle.migrate()
  const credentials = await loadSandboxCredentials(handle.db)
  // No route grants the operator role: the run's operator is written here, before the server starts.
  const operator = await plantFuzzOperator(handle.db, SEED)
  await handle.close()
  const sandbox = {
    merchantId: credentials.merchantId,
    publicKey: credentials.publicKey,
    privateKey: credentials.privateKey,
  }
  const env = {
    ...database.env,
    SEED: 'auto',
    OPENPAY_WEBHOOK_USER: WEBHOOK.user,
    OPENPAY_WEBHOOK_PASSWORD: WEBHOOK.password,
    FUZZ_ROUTES_FILE: routesFile,
  }
  const basic = (user: string, password = '') => Buffer.from(`${user}:${password}`).toString('base64')
  secrets = [
    [sandbox.privateKey, 'clave privada del sandbox'],
    [basic(sandbox.privateKey), 'clave privada del sandbox'],
    [WEBHOOK.password, 'contraseña del webhook'],
    [basic(WEBHOOK.user, WEBHOOK.password), 'credenciales del webhook'],
  ]

  console.log(
    `Fuzz: ${REQUESTS} solicitudes (${RELAXED_REQUESTS} sin límites generales + ${STRICT_REQUESTS} con los límites por defecto), ` +
      `motor ${engine}, semilla ${SEED}, concurrencia ${CONCURRENCY}`,
  )

  // Phase 1: limits relaxed, requests spread over many client addresses.
  server = await startServer({ ...env, RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: '127.0.0.1' })
  const live = readLiveRoutes()
  const coverage = matchRoutes(live)
  const unknownSpecs = coverage.unknown.map((route) => ({ method: route.method, url: route.url }))
  check(
    'route coverage',
    live.length > 0 && coverage.unknown.length === 0,
    live.length === 0
      ? 'la lista de rutas del servidor no está disponible'
      : coverage.unknown.length === 0
        ? `${coverage.known.length} rutas conocidas + ${coverage.staticFiles.length} archivos estáticos`
        : `rutas que el fuzzer no conoce (añádelas a bench/fuzz/routes-<función>.ts): ${coverage.unknown.map(routeKey).join(', ')}`,
  )
  if (coverage.absent.length > 0) {
    console.log(`Rutas conocidas que este servidor no sirve: ${coverage.absent.map(routeKey).join(', ')}`)
  }
  const targets = targetsOf(coverage.known, coverage.staticFiles.length > 0, unknownSpecs)

  const relaxedCall = setupClient(server.url, true, setupFindings)
  const { ctx, notes } = await prepareContext(relaxedCall, {
    seed: SEED,
    sandbox,
    webhook: WEBHOOK,
    staticFiles: coverage.staticFiles,
    operator,
  })
  console.log(`Preparación: ${notes.join(', ')}`)
  const sessionSecrets = (): Secret[] =>
    ctx.session.issued.flatMap((token): Secret[] => [
      [token, 'token de la sesión del fuzz'],
      [token.split('.')[2] ?? token, 'firma de la sesión del fuzz'],
    ])

  const relaxed = await runPhase('1 sin límites generales', server, targets, ctx, {
    from: 0,
    count: RELAXED_REQUESTS,
    spreadAddresses: true,
    refreshSession: () => ensureSession(relaxedCall, ctx),
  })
  await server.stop()
  server = null

  // Phase 2: the defaults (general per-IP limit, no trusted proxy): every request from 127.0.0.1.
  // The default limits: an empty value is unset, so the server takes its default budget.
  server = await startServer({ ...env, RATE_LIMIT_PER_MINUTE: '' })
  const strictCall = setupClient(server.url, false, setupFindings)
  const strict = await runPhase('2 límites por defecto', server, targets, ctx, {
    from: RELAXED_REQUESTS,
    count: STRICT_REQUESTS,
    spreadAddresses: false,
    refreshSession: () => ensureSession(strictCall, ctx),
  })
  secrets = [...secrets, ...sessionSecrets()]
  await server.stop()
  server = null

  const elapsed = (performance.now() - startedAt) / 1000
  report({ relaxed, strict, elapsed, targets })
} catch (error) {
  // A run that could not finish (the server did not start, the set-up failed) is one failed check.
  check('run completed', false, error instanceof Error ? error.message : String(error))
  printChecks()
} finally {
  if (server) await server.stop()
  if (database) await database.drop()
  if (ownPostgres) await dropPostgres(ownPostgres)
  rmSync(routesFile, { force: true })
}

type PhaseResult = {
  name: string
  requests: number
  seconds: number
  serverAlive: boolean
  staleRetries: number
  pid: number | null
}

/** Sends `count` requests (indexes from..from+count) with CONCURRENCY workers; samples the server's RSS. */
async function runPhase(
  name: string,
  running: RunningServer,
  targets: Target[],
  ctx: FuzzContext,
  {
    from,
    count,
    spreadAddresses,
    refreshSession,
  }: { from: number; count: number; spreadAddresses: boolean; refreshSession: () => Promise<void> },
): Promise<PhaseResult> {
  const pid = findServerPid()
  const sample = (after: number, label: string) =>
    rssSamples.push({ phase: name, after, label, rssMib: pid === null ? null : mib(rssKib(pid)) })
  sample(0, 'inicio (en reposo)')
  const sender = createSender(running.url, CONCURRENCY)
  let next = 0
  let completed = 0
  let refreshing: Promise<void> | null = null
  const started = performance.now()
  const worker = async () => {
    for (;;) {
      const i = next++
      if (i >= count) return
      const request: FuzzRequest = generateRequest(from + i, targets, ctx, {
        seed: SEED,
        spreadAddresses,
        sweepMethods: from === 0,
      })
      const outcome: Outcome = await sender.send(request)
      stats.record(name, request, outcome)
      completed += 1
      // The fuzz account's session may have been ended by a request (logout, refresh): renewed often.
      if (completed % 100 === 0 && !refreshing) {
        refreshing = refreshSession()
          .catch(() => {})
          .finally(() => {
            refreshing = null
          })
      }
      if (spreadAddresses && completed === WARM_UP) sample(completed, 'tras el calentamiento')
      else if (completed % SAMPLE_EVERY === 0) sample(completed, '')
      if (completed % PRINT_EVERY === 0) {
        const seconds = (performance.now() - started) / 1000
        console.log(`  [fase ${name}] ${completed}/${count} en ${seconds.toFixed(1)} s`)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000
  if (refreshing) await refreshing
  // A moment without requests before the last sample, so it is not taken in the middle of a burst.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  sample(completed, 'final (tras 2 s sin solicitudes)')
  sender.close()
  // Alive: it answers at all (with the default limits, 127.0.0.1 may well be limited to a 429 by now).
  let serverAlive = false
  try {
    serverAlive = (await fetch(`${running.url}/health/live`)).status > 0
  } catch {}
  return { name, requests: count, seconds, serverAlive, staleRetries: sender.staleSocketRetries(), pid }
}

/** The routes the server registered, as written by the probe once the app was ready. */
function readLiveRoutes(): LiveRoute[] {
  if (!existsSync(routesFile)) return []
  return JSON.parse(readFileSync(routesFile, 'utf8')) as LiveRoute[]
}

async function dropPostgres(url: URL) {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`)
  await client.end()
}

function report({
  relaxed,
  strict,
  elapsed,
  targets,
}: {
  relaxed: PhaseResult
  strict: PhaseResult
  elapsed: number
  targets: Target[]
}) {
  const phases = [relaxed, strict]
  console.log('\nFases')
  console.table(
    phases.map((phase) => ({
      fase: phase.name,
      solicitudes: phase.requests,
      segundos: Math.round(phase.seconds * 10) / 10,
      'req/s': Math.round(phase.requests / phase.seconds),
      'reintentos (socket keep-alive cerrado)': phase.staleRetries,
      'pid del servidor': phase.pid ?? 'no encontrado',
    })),
  )
  console.log('Respuestas por clase')
  console.table([stats.classes()])
  console.log('Respuestas por estado')
  console.table([Object.fromEntries([...stats.byStatus.entries()].sort())])
  console.log('Por ruta')
  console.table(stats.routeTable())
  console.log('Memoria del servidor (RSS, MiB)')
  console.table(
    rssSamples
      .filter((s) => s.label !== '' || s.after % PRINT_EVERY === 0)
      .map((s) => ({
        fase: s.phase,
        'tras N solicitudes': s.after,
        momento: s.label,
        'RSS MiB': s.rssMib,
      })),
  )
  if (stats.excused.size > 0) {
    console.log(
      `Respuestas ≥ 500 esperadas: ${[...stats.excused.entries()].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    )
  }

  const errors = stats.findings.filter((f) => f.outcome.kind === 'answer')
  const unanswered = stats.findings.filter((f) => f.outcome.kind !== 'answer')
  printFindings('Respuestas ≥ 500', errors, secrets)
  printFindings('Solicitudes sin respuesta (conexión cerrada o tiempo agotado)', unanswered, secrets)
  printFindings('Solicitudes que este lado no pudo enviar (error del fuzzer)', stats.notSent, secrets)
  for (const finding of setupFindings) {
    console.log(`  ✗ preparación: ${finding.method} ${finding.path} → ${finding.status} ${finding.bodyStart}`)
  }
  if (stats.findings.length > 0) {
    const file = path.join(tmpdir(), `cabanas-fuzz-${engine}-seed${SEED}-findings.json`)
    writeFileSync(file, JSON.stringify(findingsAsJson(stats.findings, secrets), null, 2))
    console.log(`\nCada hallazgo completo (cuerpos en base64): ${file}`)
  }

  const untouched = [...new Set(targets.map((target) => target.key))].filter((key) => !stats.byRoute.has(key))
  check(
    'every route exercised',
    untouched.length === 0,
    untouched.length === 0
      ? `${new Set(targets.map((t) => t.key)).size} destinos`
      : `sin solicitudes: ${untouched.join(', ')}`,
  )
  check(
    'no answer ≥ 500',
    errors.length === 0 && setupFindings.length === 0,
    `${errors.length + setupFindings.length} respuestas ≥ 500 (sin contar ${[...stats.excused.values()].reduce((a, b) => a + b, 0)} esperadas)`,
  )
  check(
    'no dropped connection',
    unanswered.length === 0 && phases.every((phase) => phase.serverAlive),
    `${unanswered.length} sin respuesta; servidor vivo al final de cada fase: ${phases.map((p) => (p.serverAlive ? 'sí' : 'NO')).join(', ')}`,
  )
  check('every request sent', stats.notSent.length === 0, `${stats.notSent.length} no enviadas por el fuzzer`)
  // Memory flat: the median RSS of the last third of the readings after the warm-up against the
  // median of the first third. Single readings swing with each garbage collection (±15 % here).
  const measured = rssSamples
    // rssMib is null where the server's pid was not found: those readings are left out.
    .flatMap((s) => (s.phase === relaxed.name && s.after >= WARM_UP && s.rssMib !== null ? [s.rssMib] : []))
  const third = Math.max(1, Math.floor(measured.length / 3))
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const baseline = measured.length > 1 ? median(measured.slice(0, third)) : undefined
  const last = measured.length > 1 ? median(measured.slice(-third)) : undefined
  const growth = baseline && last ? (last - baseline) / baseline : null
  check(
    'memory flat',
    growth !== null && growth <= MAX_RSS_GROWTH,
    growth === null
      ? 'RSS no medido (no se encontró el pid del servidor)'
      : `mediana del RSS ${baseline} MiB al principio (tras ${WARM_UP} solicitudes de calentamiento) → ${last} MiB al final, ` +
          `${measured.length} lecturas (${growth >= 0 ? '+' : ''}${Math.round(growth * 1000) / 10} %, límite +${MAX_RSS_GROWTH * 100} %; ` +
          `mín. ${Math.min(...measured)}, máx. ${Math.max(...measured)} MiB)`,
  )

  console.log(`\nDuración total ${elapsed.toFixed(1)} s; ${stats.total} solicitudes del fuzz`)
  printChecks()
}

/** Every check, then the last line: `N passed, N failed`; the exit code follows. */
function printChecks() {
  for (const { name, ok, detail } of checks) console.log(`${ok ? '✓' : '✗'} ${name}: ${detail}`)
  const failed = checks.filter((c) => !c.ok).length
  console.log(`${checks.length - failed} passed, ${failed} failed`)
  process.exitCode = failed > 0 ? 1 : 0
}
