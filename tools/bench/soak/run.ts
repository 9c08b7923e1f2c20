// npm run soak [-- --minutes N --seed S --workers W --keep] — a chaos test of our own: two built
// API processes on a PostgreSQL cluster this script starts (and restarts), a bounded load of
// searches, quotes, guest bookings, declines, cancellations and registrations, one fault at random
// every ~20 s, then the invariants. Exits 1 with the ids involved when any invariant breaks.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { addDays, calendarDateIn, requireValue } from '@cabanas/domain/shared'
import pg from 'pg'
import { publicOpenpay } from '../abuse/client.ts'
import { freePort } from '../abuse/processes.ts'
import { Random } from '../fuzz/random.ts'
import { ApiProcess } from './api-process.ts'
import { Chaos } from './chaos.ts'
import {
  databaseInvariants,
  type Invariant,
  logInvariant,
  mailInvariants,
  searchAll,
  searchInvariant,
} from './invariants.ts'
import { Load, type SoakCabin, type StayWindow, sleep } from './load.ts'
import { type Cluster, startCluster } from './postgres.ts'
import { printReport } from './report.ts'
import { SmtpSink } from './smtp.ts'
import { Stats } from './stats.ts'

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const minutes = Number(option('minutes') ?? 3)
const seed = Number(option('seed') ?? randomBytes(4).readUInt32BE(0))
const workers = Number(option('workers') ?? 4)
const keep = process.argv.includes('--keep')
if (!(minutes > 0 && minutes <= 24 * 60) || !Number.isInteger(seed) || !(workers >= 1 && workers <= 32)) {
  console.error(
    'uso: npm run soak -- [--minutes N (0 < N ≤ 1440)] [--seed ENTERO] [--workers 1..32] [--keep]',
  )
  process.exit(2)
}

const started = Date.now()
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`
const log = (line: string) => console.log(`[${clock()}] ${line}`)
const label = seed.toString(16)
const guestPattern = `soak.${label}.%`
const folder = mkdtempSync(path.join(tmpdir(), 'cabanas-soak-'))

let cluster: Cluster | null = null
const smtp = new SmtpSink(await freePort())
const servers: ApiProcess[] = []

/** Leaves nothing behind: processes, SMTP, the cluster and (unless kept) the folder of logs. */
async function cleanUp(keepLogs: boolean) {
  await Promise.all(servers.map((server) => server.stop('SIGTERM').catch(() => server.killNow())))
  await smtp.down().catch(() => {})
  cluster?.destroy()
  if (keepLogs) log(`bitácoras conservadas en ${folder}`)
  else rmSync(folder, { recursive: true, force: true })
}
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: se detienen los procesos y se borra el clúster temporal`)
    for (const server of servers) server.killNow()
    cluster?.destroy()
    rmSync(folder, { recursive: true, force: true })
    process.exit(130)
  })
}
// However a phase misbehaves, the run ends: the load's minutes plus 30 for start-up, the mail backlog and checks.
setTimeout(
  () => {
    console.error('\nel soak pasó de su tiempo máximo: se detiene todo')
    for (const server of servers) server.killNow()
    cluster?.destroy()
    process.exit(1)
  },
  (minutes + 30) * 60_000,
).unref()
process.on('exit', () => {
  for (const server of servers) server.killNow()
  cluster?.destroy()
})

/** Polls `probe` until it is true or `ms` pass; says whether it became true. */
async function until(probe: () => Promise<boolean>, ms: number, everyMs = 1000): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await probe().catch(() => false)) return true
    if (Date.now() > deadline) return false
    await sleep(everyMs)
  }
}

const loadAtStart = loadavg()
let exitCode = 1
try {
  log(
    `soak: ${minutes} min, semilla ${seed}, ${workers} clientes concurrentes; carga ${loadAtStart.map((n) => n.toFixed(2)).join(' ')}`,
  )
  cluster = await startCluster(await freePort(), 'cabanas_soak')
  log(`PostgreSQL propio en 127.0.0.1:${cluster.port} (${cluster.folder})`)
  await smtp.up()
  // A pool, not one client: a connection that PostgreSQL's restart cuts is replaced at the next query.
  const db = new pg.Pool({ connectionString: cluster.url, max: 2 })
  db.on('error', () => {})

  const env = {
    // Production refuses the sandbox's fault switch, which the soak needs; everything else is what an
    // operator of two processes behind one proxy sets (PUBLIC_URL, PAYMENTS, TRUST_PROXY, JWT_SECRET…).
    NODE_ENV: 'test',
    DATABASE_URL: cluster.url,
    PUBLIC_URL: 'https://cabanas.example',
    PAYMENTS: 'sandbox',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SECRETS_KEY: randomBytes(36).toString('base64url'),
    OPENPAY_SANDBOX_FAULTS: 'true',
    OPENPAY_TIMEOUT_MS: '3000',
    OPENPAY_WEBHOOK_USER: 'openpay-soak',
    OPENPAY_WEBHOOK_PASSWORD: randomBytes(18).toString('base64url'),
    RECONCILE_INTERVAL_MS: '2000',
    OUTBOX_INTERVAL_MS: '1000',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_OUTBOX_DIR: path.join(folder, 'outbox'),
    LOG_LEVEL: 'info',
    SEED: 'never',
  }
  for (const name of ['A', 'B']) {
    servers.push(new ApiProcess(name, await freePort(), path.join(folder, `api-${name}.log`), env))
  }
  const [a, b] = servers as [ApiProcess, ApiProcess]
  let supervising = true
  const restarting: Promise<void>[] = []
  for (const server of servers) {
    server.onCrash = () => {
      log(`✗ ${server.name} terminó sin que nadie lo detuviera; se arranca de nuevo`)
      if (supervising) restarting.push(server.restart(1000, log))
    }
  }
  await a.start({ SEED: 'auto' })
  // A third of the catalogue cancels for free (refunds); the rest keeps the demo's non-refundable.
  await db.query(`update cabins set cancellation_policy = case when get_byte(decode(md5(id::text), 'hex'), 0) % 3 = 0
    then 'free' else 'non_refundable' end`)
  await b.start()
  const cabins = (
    await db.query<{
      id: string
      state: string
      min_occupancy: number
      max_occupancy: number
      min_nights: number
    }>('select id, state, min_occupancy, max_occupancy, min_nights from cabins order by id')
  ).rows.map(
    (row): SoakCabin => ({
      id: row.id,
      state: row.state,
      minOccupancy: row.min_occupancy,
      maxOccupancy: row.max_occupancy,
      minNights: row.min_nights,
    }),
  )
  const states = [...new Set(cabins.map((cabin) => cabin.state))].sort()
  const today = calendarDateIn(new Date())
  const rng = new Random(seed)
  const hotWindows: StayWindow[] = Array.from({ length: 6 }, (_, i) => {
    const checkIn = addDays(today, 30 + i * 9 + rng.int(0, 4))
    return { checkIn, checkOut: addDays(checkIn, rng.int(2, 4)) }
  })
  const baseline = await searchAll(a, states, hotWindows)
  log(
    `${servers.length} procesos (${a.url}, ${b.url}); ${cabins.length} cabañas en ${states.length} estados; SMTP en :${smtp.port}`,
  )

  const stats = new Stats()
  const sandbox = await publicOpenpay(a.url)
  const load = new Load(servers, cabins, hotWindows, today, new Random(seed ^ 0x5eed), stats, sandbox, label)
  const chaos = new Chaos(servers, cluster, smtp, rng, stats, log)
  const deadline = Date.now() + minutes * 60_000
  const progress = setInterval(() => {
    const done = [...stats.requests.values()].reduce((sum, r) => sum + r.ok + r.refused + r.errors, 0)
    log(`${done} solicitudes, ${load.bookings.length} cobros intentados, ${smtp.delivered.length} correos`)
  }, 60_000)
  await Promise.all([load.run(deadline, workers, minutes * 20_000), chaos.run(deadline)])
  clearInterval(progress)

  log('fin de la carga: se quitan las fallas y se esperan las respuestas pendientes')
  await chaos.heal()
  await Promise.all(restarting)
  await load.finishPending(Date.now() + 120_000)
  const unanswered = load.bookings.filter((booking) => booking.status === null).length
  if (unanswered > 0) log(`${unanswered} cobros sin respuesta final tras 120 s`)
  // The processes that lived through the faults settle what is due, then are asked what is free.
  await until(async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from reservations where status = 'pending' and hold_expires_at <= now()`,
    )
    return requireValue(rows[0], 'a count of overdue holds').n === 0
  }, 60_000)
  await sleep(2500)
  const search = await searchInvariant(db, servers, states, hotWindows, baseline)

  // Retries wait (outbox backoff up to an hour, a killed drain's claim 5 min, a pending payment's next
  // lookup up to 10 min). With both processes stopped nothing is in flight, so moving those times to
  // now is the same as waiting for them.
  await Promise.all(servers.map((server) => server.stop('SIGTERM')))
  const outboxWaiting = await db.query(
    `update outbox set run_after = now() where status = 'pending' and run_after > now()`,
  )
  const holdsWaiting = await db.query(
    `update reservations set hold_expires_at = now() where status = 'pending' and hold_expires_at > now()`,
  )
  log(
    `procesos detenidos; adelantados: ${outboxWaiting.rowCount} trabajos del outbox, ${holdsWaiting.rowCount} cobros por verificar`,
  )
  for (const server of servers) await server.start()
  // A backlog of mails drains at the outbox's own pace: wait while it shrinks (at most 15 min).
  const drainStarted = Date.now()
  let left = Number.POSITIVE_INFINITY
  let lastProgress = Date.now()
  let nextLog = Date.now() + 10_000
  for (;;) {
    const { rows } = await db
      .query<{ n: number }>(
        `select (select count(*)::int from outbox where status = 'pending')
              + (select count(*)::int from reservations where status = 'pending' and hold_expires_at <= now()) as n`,
      )
      .catch(() => ({ rows: [{ n: left }] }))
    const n = requireValue(rows[0], 'a count of outbox jobs and overdue holds').n
    if (n === 0) break
    if (n < left) lastProgress = Date.now()
    if (Date.now() >= nextLog) {
      log(`  por terminar: ${n} trabajos del outbox y cobros por verificar`)
      nextLog = Date.now() + 30_000
    }
    left = n
    if (Date.now() - lastProgress > 60_000 || Date.now() - drainStarted > 15 * 60_000) {
      log(`el outbox o los cobros por verificar no terminaron: quedan ${n}`)
      break
    }
    await sleep(2000)
  }
  log(`espera del outbox: ${Math.round((Date.now() - drainStarted) / 1000)} s tras arrancar de nuevo`)
  await sleep(1500)
  await smtp.settled()

  supervising = false
  const invariants: Invariant[] = [
    {
      name: 'Ningún proceso terminó solo',
      checked: servers.reduce((sum, server) => sum + server.starts, 0),
      violations: servers.flatMap((server) => server.crashes),
    },
    ...(await databaseInvariants(db, guestPattern)),
    ...(await mailInvariants(db, guestPattern, smtp.delivered, load.registrations)),
    search,
  ]
  await Promise.all(servers.map((server) => server.stop('SIGTERM')))
  invariants.push(
    await logInvariant(
      servers.map((server) => server.logFile),
      load.secrets(),
    ),
  )
  const outboxFailed = await db.query<{ n: number }>(
    `select count(*)::int as n from outbox where status = 'failed'`,
  )
  const totals = await db.query<{ status: string; payment_status: string; n: number }>(
    `select status, payment_status, count(*)::int as n from reservations where guest_email like $1
      group by 1, 2 order by 1, 2`,
    [guestPattern],
  )
  const mailDelay = await db.query<{ p50: number; p99: number; max: number; n: number }>(
    `select percentile_disc(0.5) within group (order by s)::int as p50,
            percentile_disc(0.99) within group (order by s)::int as p99, max(s)::int as max, count(*)::int as n
       from (select extract(epoch from done_at - created_at) as s from outbox
              where kind like 'mail:%' and status = 'done') d`,
  )
  const charges = await db.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from openpay_sandbox_charges group by 1 order by 1',
  )
  await db.end()

  const violations = printReport({
    minutes,
    seed,
    workers,
    seconds: (Date.now() - started) / 1000,
    load: [loadAtStart, loadavg()],
    stats,
    mails: smtp.delivered,
    reservations: totals.rows,
    charges: charges.rows,
    outboxFailed: requireValue(outboxFailed.rows[0], 'a count of failed outbox jobs').n,
    mailDelay: requireValue(mailDelay.rows[0], 'the mail delay figures'),
    unanswered,
    invariants,
  })
  exitCode = violations === 0 ? 0 : 1
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await cleanUp(keep || exitCode !== 0)
}
process.exit(exitCode)
