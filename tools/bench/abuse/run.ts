// npm run test:abuse — replays every attack of issue 9 against the BUILT app, on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL with two API processes, and prints each check and figure.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { addDays, calendarDateIn, requireValue } from '@cabanas/domain/shared'
import pg from 'pg'
import { forgotPasswordRevealsNothing, resetLinksAreSafe } from './account-scenarios.ts'
import { preHijackedAccountGetsNothing } from './account-takeover.ts'
import { hostBusinessHoldsTheLine } from './business-scenarios.ts'
import { call, cardToken, chargeBody, sleep, uniqueEmail, waitFor } from './client.ts'
import {
  cancelAfterCheckIn,
  hostileTokensHoldNothing,
  liveHoldsPerClientAreBounded,
  unknownOutcomeIsReconciledEarly,
  unknownWebhookIsIgnored,
} from './holds-scenarios.ts'
import { hostRoutesHoldTheLine } from './host-routes-scenarios.ts'
import { hostsCannotBreakListings } from './host-scenarios.ts'
import {
  costlyRequestsAreRateLimited,
  forwardedForIsIgnoredByDefault,
  generalLimitHolds,
  guessesSlowTheAttackerNotTheOwner,
} from './limits-scenarios.ts'
import { databaseInvariants, leaseTakeover } from './postgres-checks.ts'
import { type ServerProcess, startBuiltServer } from './processes.ts'
import {
  type AbuseContext,
  cabinIds,
  logsKeepSecrets,
  quotableCabins,
  responsesAreNotStoredAndHeadersBounded,
  serverAt,
} from './scenarios.ts'

const failures: string[] = []
let passed = 0
const check = (ok: boolean, text: string) => {
  console.log(`  ${ok ? '✓' : '✗'} ${text}`)
  if (ok) passed += 1
  else failures.push(text)
}
const figure = (text: string) => console.log(`    · ${text}`)
const title = (text: string) => console.log(`\n━━ ${text}`)

const WEBHOOK_USER = 'openpay-abuso'
const WEBHOOK_PASSWORD = randomBytes(18).toString('base64url')
const GENERAL_BUDGET = 300
const OPERATOR_EMAIL = 'operadora.abuso@ejemplo.mx'

/** The settings of an operator running behind one trusted proxy, with short timers for the test. */
function operatorEnv(outboxDir: string, extra: Record<string, string>): Record<string, string> {
  return {
    // Production refuses the sandbox's fault knobs, which these scenarios need to make a provider slow
    // or fail; every other setting is the production one (PUBLIC_URL, PAYMENTS, TRUST_PROXY…).
    NODE_ENV: 'test',
    TRUST_PROXY: '127.0.0.1',
    MAIL_OUTBOX_DIR: outboxDir,
    OPENPAY_SANDBOX_FAULTS: 'true',
    OPENPAY_TIMEOUT_MS: '1500',
    RECONCILE_INTERVAL_MS: '2000',
    OPENPAY_WEBHOOK_USER: WEBHOOK_USER,
    OPENPAY_WEBHOOK_PASSWORD: WEBHOOK_PASSWORD,
    RATE_LIMIT_PER_MINUTE: '0',
    JWT_SECRET: 'una-llave-de-sesion-compartida-por-los-procesos-0001',
    // Becomes an operator once its mailbox is confirmed (the host scenarios approve a listing with it).
    OPERATOR_EMAILS: OPERATOR_EMAIL,
    // Imported calendars are read every 3 s: the scenario on feeds that point at this machine waits one poll.
    ICAL_POLL_MINUTES: '0.05',
    ...extra,
  }
}

/** A server whose clock runs `shiftMs` ahead (cancelAfterCheckIn): shifted-clock.mjs, preloaded. */
function shiftedClockEnv(shiftMs: number): Record<string, string> {
  const preload = pathToFileURL(path.join(import.meta.dirname, 'shifted-clock.mjs')).href
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
    ABUSE_CLOCK_SHIFT_MS: String(Math.round(shiftMs)),
  }
}

/** Item 4: production refuses a silent payment sandbox; item 13: one process per data dir. */
async function startupRefusals(dataDir: string) {
  title('Arranque en producción')
  const refused = await startBuiltServer(
    { PAYMENTS: '', DATA_DIR: dataDir, PUBLIC_URL: 'https://cabanas.example' },
    { waitUntilReady: false },
  )
  const code = await refused.waitForExit(30_000)
  const text = refused.output().trim()
  figure(`sin llaves de Openpay ni PAYMENTS=sandbox: código ${code}, «${text.split('\n')[0]?.slice(0, 160)}»`)
  check(code !== null && code !== 0, 'NODE_ENV=production sin llaves: se niega a arrancar')
  check(
    text.split('\n').length === 1 && text.includes('OPENPAY_') && text.includes('PAYMENTS'),
    'un solo renglón que nombra OPENPAY_* y PAYMENTS',
  )
}

async function dataDirLock(first: ServerProcess, dataDir: string) {
  title('Un proceso por carpeta de datos (PGlite)')
  const second = await startBuiltServer({ DATA_DIR: dataDir }, { waitUntilReady: false })
  const code = await second.waitForExit(60_000)
  figure(`segundo proceso en ${dataDir}: código ${code}, «${second.output().trim().split('\n').at(-1)}»`)
  check(code !== null && code !== 0, 'un segundo proceso en la misma carpeta termina con error')
  check((await fetch(`${first.url}/health`)).ok, 'el primero sigue sirviendo')
}

/** Two fresh installations get different sandbox credentials, and warn at start. */
async function sandboxCredentialsPerInstallation(first: ServerProcess) {
  title('Credenciales del sandbox por instalación')
  const otherDir = mkdtempSync(path.join(tmpdir(), 'cabanas-abuso-otra-'))
  const other = await startBuiltServer({ DATA_DIR: otherDir, SEED: 'never' })
  try {
    const [a, b] = await Promise.all(
      [first, other].map(async (s) => {
        const html = await (await fetch(`${s.url}/`, { headers: { accept: 'text/html' } })).text()
        return /"publicKey":"([^"]+)"/.exec(html)?.[1] ?? ''
      }),
    )
    figure(`llaves públicas: ${a?.slice(0, 10)}… y ${b?.slice(0, 10)}…`)
    check(!!a && a !== b, 'cada instalación genera sus propias credenciales del sandbox')
    check(!a?.includes('cabanassandbox'), 'ninguna credencial fija del código')
    check(
      /sandbox/i.test(other.output()) && /warn|"level":40/.test(other.output()),
      'aviso de sandbox al arrancar',
    )
  } finally {
    await other.kill()
    rmSync(otherDir, { recursive: true, force: true })
  }
}

/**
 * Item 2: a process killed mid-charge. `mode` 'timeout': the provider charged and is slow to say so;
 * 'delay': the provider had not charged yet. The retry with the same Idempotency-Key goes to a live
 * process (B on PostgreSQL; on PGlite the same folder restarted) and must end with the stay paid
 * once, never 409 for ever.
 */
async function killMidCharge(
  servers: ServerProcess[],
  restart: (killed: ServerProcess) => Promise<ServerProcess>,
  mode: 'timeout' | 'delay',
): Promise<ServerProcess> {
  const a = requireValue(servers[0], 'a running server')
  const checkIn = addDays(calendarDateIn(new Date()), mode === 'timeout' ? 250 : 260)
  const [cabinId] = await quotableCabins(a.url, await cabinIds(a.url), checkIn, addDays(checkIn, 2))
  const body = chargeBody({
    tokenId: await cardToken(a.url),
    cabinId: requireValue(cabinId, `a cabin bookable 2 nights from ${checkIn}`),
    checkIn,
    checkOut: addDays(checkIn, 2),
    email: uniqueEmail('sigkill'),
  })
  const key = `abuso-${mode}-${randomBytes(6).toString('hex')}`
  const headers = {
    'idempotency-key': key,
    'x-forwarded-for': mode === 'timeout' ? '198.51.100.222' : '198.51.100.223',
  }
  await call(a.url, 'POST', '/sandbox/openpay/_faults', { body: { mode, times: 1, delayMs: 30_000 } })
  void call(a.url, 'POST', '/payments/charge', { headers, body }).catch(() => {})
  await sleep(800)
  await a.kill('SIGKILL')
  const live = await restart(a)
  const started = Date.now()
  const statuses: number[] = []
  const final = await waitFor(
    async () => {
      const res = await call(live.url, 'POST', '/payments/charge', { headers, body })
      statuses.push(res.status)
      return res.status === 409 ? undefined : res
    },
    60_000,
    1000,
  )
  figure(
    `SIGKILL a mitad del cobro (${mode === 'timeout' ? 'cargo hecho' : 'cargo sin hacer'}): reintentos ${statuses.join(', ')} en ${Math.round((Date.now() - started) / 1000)} s`,
  )
  check(final !== undefined, `el reintento con la misma Idempotency-Key no queda en 409 (${mode})`)
  check(final?.status === 200, `la estancia queda pagada y confirmada (${mode}): ${final?.status}`)
  return live
}

async function runScenarios(
  ctx: AbuseContext,
  { twoProcesses, storageDir }: { twoProcesses: boolean; storageDir: string },
) {
  title(`Retenciones y pagos (${ctx.engine}${twoProcesses ? ', 2 procesos' : ''})`)
  await hostileTokensHoldNothing(ctx)
  await liveHoldsPerClientAreBounded(ctx)
  await unknownOutcomeIsReconciledEarly(ctx)
  await unknownWebhookIsIgnored(ctx)
  title(`Límites (${ctx.engine})`)
  await costlyRequestsAreRateLimited(ctx)
  title(`Cuentas (${ctx.engine})`)
  await resetLinksAreSafe(ctx)
  await guessesSlowTheAttackerNotTheOwner(ctx)
  await forgotPasswordRevealsNothing(ctx)
  await preHijackedAccountGetsNothing(ctx)
  title(`Respuestas (${ctx.engine})`)
  await responsesAreNotStoredAndHeadersBounded(ctx)
  title(`Anfitriones, fotos y anuncios (${ctx.engine}${twoProcesses ? ', 2 procesos' : ''})`)
  await hostsCannotBreakListings({ ...ctx, storageDir, operatorEmail: OPERATOR_EMAIL })
  title(`Rutas de anfitrión: extraños, cuerpos malformados, calendarios locales (${ctx.engine})`)
  await hostRoutesHoldTheLine({ ...ctx, storageDir, operatorEmail: OPERATOR_EMAIL })
  title(`Solicitudes, mensajes y reservas del anfitrión: extraños, dobles clics, HTML (${ctx.engine})`)
  await hostBusinessHoldsTheLine({ ...ctx, storageDir, operatorEmail: OPERATOR_EMAIL })
}

async function pgliteRun() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-abuso-'))
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'cabanas-abuso-correo-'))
  await startupRefusals(dataDir)
  const env = operatorEnv(outboxDir, { DATA_DIR: dataDir })
  let a = await startBuiltServer(env)
  const all = [a]
  const ctx: AbuseContext = {
    engine: 'pglite',
    servers: [a],
    outboxDir,
    webhookAuth: `Basic ${Buffer.from(`${WEBHOOK_USER}:${WEBHOOK_PASSWORD}`).toString('base64')}`,
    check,
    figure,
    secrets: [WEBHOOK_PASSWORD],
  }
  try {
    await dataDirLock(a, dataDir)
    await sandboxCredentialsPerInstallation(a)
    await runScenarios(ctx, { twoProcesses: false, storageDir: path.join(dataDir, 'storage') })
    title('Proceso muerto a mitad del cobro (PGlite: la misma carpeta se reinicia)')
    const restart = async () => {
      const next = await startBuiltServer(env)
      all.push(next)
      ctx.servers = [next]
      return next
    }
    a = await killMidCharge([a], restart, 'timeout')
    a = await killMidCharge([a], restart, 'delay')
    title('Cancelar una estancia ya iniciada (PGlite: la carpeta pasa a un proceso con el reloj adelantado)')
    await cancelAfterCheckIn(ctx, async (shiftMs, use) => {
      await serverAt(ctx, 0).kill()
      const shifted = await startBuiltServer({ ...env, ...shiftedClockEnv(shiftMs) })
      all.push(shifted)
      try {
        await use(shifted.url)
      } finally {
        await shifted.kill()
        a = await restart()
      }
    })
  } finally {
    ctx.servers = all
    title('Bitácora (PGlite)')
    logsKeepSecrets(ctx)
    for (const s of all) await s.kill()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outboxDir, { recursive: true, force: true })
  }
}

/** Default settings: no trusted proxy, the general limit on (its own folder). */
async function defaultsRun() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-abuso-defecto-'))
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'cabanas-abuso-correo-'))
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    SEED: 'never',
    MAIL_OUTBOX_DIR: outboxDir,
    RATE_LIMIT_PER_MINUTE: String(GENERAL_BUDGET),
  })
  const ctx: AbuseContext = {
    engine: 'pglite',
    servers: [server],
    outboxDir,
    webhookAuth: '',
    check,
    figure,
    secrets: [],
  }
  try {
    title('Sin TRUST_PROXY (valores por omisión)')
    await forwardedForIsIgnoredByDefault(ctx)
    await generalLimitHolds(ctx, GENERAL_BUDGET)
  } finally {
    await server.kill()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outboxDir, { recursive: true, force: true })
  }
}

async function postgresRun(baseUrl: string) {
  const name = `abuse_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'cabanas-abuso-correo-'))
  // Both processes keep photos in one local folder (they run on one machine).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-abuso-fotos-'))
  const env = operatorEnv(outboxDir, { DATABASE_URL: url.toString(), DATA_DIR: dataDir })
  const all: ServerProcess[] = []
  const ctx: AbuseContext = {
    engine: 'postgres',
    servers: [],
    outboxDir,
    webhookAuth: `Basic ${Buffer.from(`${WEBHOOK_USER}:${WEBHOOK_PASSWORD}`).toString('base64')}`,
    check,
    figure,
    secrets: [WEBHOOK_PASSWORD],
  }
  try {
    const a = await startBuiltServer(env)
    const b = await startBuiltServer({ ...env, SEED: 'never' })
    all.push(a, b)
    ctx.servers = [a, b]
    await runScenarios(ctx, { twoProcesses: true, storageDir: path.join(dataDir, 'storage') })
    title('Cancelar una estancia ya iniciada (PostgreSQL: un tercer proceso con el reloj adelantado)')
    await cancelAfterCheckIn(ctx, async (shiftMs, use) => {
      const shifted = await startBuiltServer({ ...env, SEED: 'never', ...shiftedClockEnv(shiftMs) })
      all.push(shifted)
      try {
        await use(shifted.url)
      } finally {
        await shifted.kill()
      }
    })
    title('Proceso muerto a mitad del cobro (PostgreSQL: el reintento va al otro proceso)')
    const survivor = async (killed: ServerProcess) => {
      const fresh = await startBuiltServer({ ...env, SEED: 'never' })
      all.push(fresh)
      const other = requireValue(
        ctx.servers.find((s) => s !== killed),
        'the process that was not killed',
      )
      ctx.servers = [other, fresh]
      return other
    }
    await killMidCharge(ctx.servers, survivor, 'timeout')
    await killMidCharge(ctx.servers, survivor, 'delay')
    await sleep(5000)
    title('Tareas periódicas y cargos (PostgreSQL)')
    await databaseInvariants(url.toString(), ctx.servers, { check, figure })
    await leaseTakeover(url.toString(), ctx.servers, { check, figure })
  } finally {
    const everything = { ...ctx, servers: all }
    title('Bitácora (PostgreSQL)')
    logsKeepSecrets(everything)
    for (const s of all) await s.kill()
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
    rmSync(outboxDir, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const started = Date.now()
try {
  await pgliteRun()
  await defaultsRun()
  if (process.env.TEST_DATABASE_URL) await postgresRun(process.env.TEST_DATABASE_URL)
  else console.log('\n(sin TEST_DATABASE_URL: se omite la parte con PostgreSQL y dos procesos)')
} catch (error) {
  failures.push(`error inesperado: ${error instanceof Error ? error.message : String(error)}`)
  console.error(error)
}
console.log(`\nAbuso: ${Math.round((Date.now() - started) / 1000)} s`)
if (failures.length) console.log(`\nFallaron:\n${failures.map((f) => `  - ${f}`).join('\n')}`)
console.log(`\n${passed} passed, ${failures.length} failed`)
process.exit(failures.length === 0 ? 0 : 1)
