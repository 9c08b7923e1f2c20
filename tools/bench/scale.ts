// npm run bench:scale [-- --sizes 10000,50000,100000] [--history-cabins 10000] [--no-history]
//
// Search and quotes as the catalogue and its history grow, on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres: the bench creates and drops its own databases there).
// For each size: 20 reservations per cabin, three quarters of them in the past; the built server is
// started and timed until it answers its first search; its RSS is read from /proc; search and quote
// p99 at 50 connections; then the largest latency of search and of quote while a writer books 20 stays
// a second; then search again while hosts also edit the prices of their published listings through the
// host API (10 edits a second). One more run has 10× the past stays, to show that start-up and memory
// follow what can still be booked, not the history.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { addDays, calendarDateIn, numberAt, requireValue } from '@cabanas/domain/shared'
import pg from 'pg'
import { openDatabase } from '../../apps/api/src/db/client.ts'
import { plantAccounts, plantOperator } from './accounts.ts'
import { type RunningServer, startServer } from './harness.ts'
import {
  calendarBlocks,
  editsShown,
  type HostListing,
  priceEdits,
  publishHostListings,
  scaleHosts,
  scaleOperator,
} from './scale/host-writer.ts'
import { CONNECTIONS, type Load, load, memoryOf, timingFile } from './scale/measure.ts'
import { bookingWrites, startWriter, type WriteCounts, type WriterPart } from './scale/writer.ts'
import { pickWith, seededRandom } from './seeded.ts'
import { loadSyntheticCatalogue, type SyntheticDestination, syntheticDestinations } from './synthetic.ts'

const FUTURE_PER_CABIN = 5
const PAST_PER_CABIN = 15
/** Destinations grow with the catalogue, about 40 cabins each as in bench:search. */
const CABINS_PER_DESTINATION = 40
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const LIGHT_CONNECTIONS = 10
const WRITES_PER_SECOND = 20
/** Hosts, each with published listings whose prices they edit while guests search. */
const HOSTS = 10
const LISTINGS_PER_HOST = 2
const PRICE_EDITS_PER_SECOND = 10
/** Calendar blocks and unblocks a second (30 a minute per host: under its limit of 60). */
const BLOCKS_PER_SECOND = 5

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at >= 0 ? process.argv[at + 1] : undefined
}
const sizes = (argument('--sizes') ?? '10000,50000,100000').split(',').map(Number)
const historyCabins = Number(argument('--history-cabins') ?? 10_000)
const withHistoryRun = !process.argv.includes('--no-history')
if (sizes.some((n) => !Number.isInteger(n) || n < 100) || !Number.isInteger(historyCabins)) {
  console.error('Uso: --sizes 10000,50000 (números enteros de cabañas, al menos 100)')
  process.exit(1)
}

const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
const today = calendarDateIn(new Date())

const random = seededRandom(42)
const pick = <T>(items: readonly T[]) => pickWith(random, items)

function searchPath(destinations: readonly SyntheticDestination[]) {
  const place = pick(destinations)
  const location = random() < 0.5 ? `${place.population}, ${place.state}` : place.population.toLowerCase()
  const checkIn = addDays(today, 1 + Math.floor(random() * 300))
  const checkOut = addDays(checkIn, 1 + Math.floor(random() * 6))
  const guests = String(1 + Math.floor(random() * 6))
  return `/cotizar/search?${new URLSearchParams({ location, checkIn, checkOut, guests })}`
}

function quoteBody(cabinIds: readonly string[]) {
  const checkIn = addDays(today, 1 + Math.floor(random() * 300))
  return JSON.stringify({
    habitacionId: pick(cabinIds),
    checkIn,
    checkOut: addDays(checkIn, 1 + Math.floor(random() * 6)),
    guests: 2,
  })
}

/**
 * What hosts do while guests search, each a part of the writer: price edits of their published
 * listings and calendar blocks and unblocks of their cabins, through the host API.
 */
function hostEditParts(server: RunningServer, listings: HostListing[]): WriterPart<'precios' | 'bloqueos'>[] {
  return [
    priceEdits(server.url, listings, { perSecond: PRICE_EDITS_PER_SECOND, random }),
    calendarBlocks(server.url, listings, { perSecond: BLOCKS_PER_SECOND, random }),
  ]
}

/** The machine's load average over the last minute, to read each figure against. */
const load1 = () => Math.round(numberAt(loadavg(), 0) * 100) / 100

type Row = {
  cabins: number
  past: number
  live: number
  seedS: number
  startS: number
  /** After start-up, before any load. */
  idleRss: number
  rss: number
  peak: number
  search: Load
  quote: Load
  searchWriting: Load
  quoteWriting: Load
  searchWritingLight: Load
  quoteWritingLight: Load
  writes: { booked: number; refused: number }
  /** Search while guests book and hosts edit prices (hostEditParts), at 50 and 10 connections. */
  searchEditing: Load
  searchEditingLight: Load
  edits: WriteCounts<'reservas' | 'precios' | 'bloqueos'>
  /** Edited cabins whose page shows their last price once the writer stopped. */
  shown: { shown: number; edited: number }
  publishS: number
  /** Load average (1 min) when the size's run started, before the writers, and at its end. */
  loadAverage: { start: number; end: number }
}

async function runSize(cabins: number, pastPerCabin: number): Promise<Row> {
  const name = `cabanas_scale_${cabins}_${pastPerCabin}`
  const admin = new pg.Client({ connectionString: serverUrl.toString() })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let server: RunningServer | null = null
  // The server's photo storage and mail folder: the hosts' planted photos go there.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-scale-'))
  const loadAtStart = load1()
  try {
    console.log(
      `\n${cabins} cabañas, ${pastPerCabin} estancias pasadas y ${FUTURE_PER_CABIN} futuras por cabaña`,
    )
    const seedStarted = performance.now()
    const handle = await openDatabase({ url: url.toString() })
    await handle.migrate()
    const destinations = syntheticDestinations(Math.max(1, Math.round(cabins / CABINS_PER_DESTINATION)))
    await loadSyntheticCatalogue(handle.db, {
      cabins,
      reservationsPerCabin: FUTURE_PER_CABIN,
      pastReservationsPerCabin: pastPerCabin,
      today,
      destinations,
    })
    const hosts = scaleHosts(HOSTS)
    await plantAccounts(handle.db, hosts)
    await plantOperator(handle.db, scaleOperator)
    await handle.close()
    const seedS = (performance.now() - seedStarted) / 1000
    const db = new pg.Client({ connectionString: url.toString() })
    await db.connect()
    const cabinIds = (await db.query<{ id: string }>('SELECT id FROM cabins')).rows.map((row) => row.id)
    await db.end()
    console.log(`  datos sembrados en ${seedS.toFixed(1)} s`)

    // Start-up: from spawning the server until it answers a search (polled every 20 ms).
    const started = performance.now()
    server = await startServer(
      { DATABASE_URL: url.toString(), BENCH_TIMING_FILE: timingFile, DATA_DIR: dataDir },
      { readyPath: searchPath(destinations), pollMs: 20 },
    )
    const startS = (performance.now() - started) / 1000
    const idle = memoryOf(server.pid)
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      searchIndex: { heldStays: number; cabins: number }
    }
    console.log(
      `  arranque ${startS.toFixed(2)} s, RSS ${idle.rss} MB; índice: ${health.searchIndex.cabins} cabañas, ${health.searchIndex.heldStays} estancias vigentes`,
    )
    // Hosts publish their listings before anything is measured, so every phase searches the same catalogue.
    const publishStarted = performance.now()
    const jalisco = destinations.filter((place) => place.state === 'Jalisco').map((place) => place.population)
    const listings = await publishHostListings(server.url, {
      hosts,
      operator: scaleOperator,
      perHost: LISTINGS_PER_HOST,
      dataDir,
      localities: jalisco.length > 0 ? jalisco : [requireValue(destinations[0], 'a destination').population],
    })
    const publishS = (performance.now() - publishStarted) / 1000
    console.log(
      `  ${listings.length} anuncios publicados por ${HOSTS} anfitriones en ${publishS.toFixed(1)} s`,
    )

    const search = { kind: 'search' as const, method: 'GET' as const, path: () => searchPath(destinations) }
    const quote = {
      kind: 'quote' as const,
      method: 'POST' as const,
      path: () => '/reservas/cotizar',
      body: () => quoteBody(cabinIds),
    }
    await load(server, 2, search)
    await load(server, 2, quote)
    const searchLoad = await load(server, SECONDS, search)
    const quoteLoad = await load(server, SECONDS, quote)
    console.log(
      `  búsqueda p99 ${searchLoad.p99} ms (máx ${searchLoad.max}), cotización p99 ${quoteLoad.p99} ms (máx ${quoteLoad.max})`,
    )

    const bookings = () =>
      bookingWrites(url.toString(), cabinIds, { perSecond: WRITES_PER_SECOND, today, random })
    const writer = startWriter([bookings()])
    const searchWriting = await load(server, SECONDS, search)
    const quoteWriting = await load(server, SECONDS, quote)
    // The same at 10 connections: the server is not saturated, so a stall is not hidden in queueing.
    const searchWritingLight = await load(server, SECONDS, search, LIGHT_CONNECTIONS)
    const quoteWritingLight = await load(server, SECONDS, quote, LIGHT_CONNECTIONS)
    const booked = (await writer.stop()).reservas
    const writes = { booked: booked.done, refused: booked.refused }
    console.log(
      `  con ${writes.booked} reservas escritas: búsqueda máx ${searchWriting.max} ms en el cliente, ${ms(searchWriting.server.max)} en el servidor; cotización máx ${quoteWriting.max} / ${ms(quoteWriting.server.max)} ms; bucle de eventos ${ms(Math.max(searchWriting.server.loopDelayMax, quoteWriting.server.loopDelayMax))} ms`,
    )

    // Guests book and hosts edit prices: search again, at 50 and 10 connections.
    const editor = startWriter([bookings(), ...hostEditParts(server, listings)])
    const searchEditing = await load(server, SECONDS, search)
    const searchEditingLight = await load(server, SECONDS, search, LIGHT_CONNECTIONS)
    const edits = await editor.stop()
    const shown = await editsShown(server.url, listings)
    console.log(
      `  con ${edits.precios.done} precios editados (+${edits.precios.refused} rechazados), ${edits.bloqueos.done} bloqueos y desbloqueos (+${edits.bloqueos.refused} rechazados) y ${edits.reservas.done} reservas: búsqueda p99 ${searchEditing.p99} ms (servidor ${ms(searchEditing.server.p99)}); ${shown.shown} de ${shown.edited} cabañas editadas muestran su último precio`,
    )
    const { rss, peak } = memoryOf(server.pid)
    return {
      cabins,
      past: cabins * pastPerCabin,
      live: health.searchIndex.heldStays,
      seedS,
      startS,
      idleRss: idle.rss,
      rss,
      peak,
      search: searchLoad,
      quote: quoteLoad,
      searchWriting,
      quoteWriting,
      searchWritingLight,
      quoteWritingLight,
      writes,
      searchEditing,
      searchEditingLight,
      edits,
      shown,
      publishS,
      loadAverage: { start: loadAtStart, end: load1() },
    }
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  }
}

const runs: [number, number][] = sizes.map((n) => [n, PAST_PER_CABIN])
if (withHistoryRun) runs.push([historyCabins, PAST_PER_CABIN * 10])
/** A duration in ms with one decimal. */
const ms = (value: number) => value.toFixed(1)

const rows: Row[] = []
for (const [cabins, past] of runs) rows.push(await runSize(cabins, past))

const fmt = (n: number) => n.toLocaleString('en-US')
console.log(`\nbench:scale — ${today}, PostgreSQL, ${CONNECTIONS} conexiones, ${SECONDS} s por medición\n`)
console.log(
  'Latencias en ms; «cliente»: autocannon (con las pausas del generador de carga y de PostgreSQL, que comparten los dos núcleos); «servidor»: desde que el servidor leyó la petición hasta que entregó la respuesta; «bucle»: el mayor retraso del bucle de eventos del servidor.\n',
)
console.log(
  '| cabañas | estancias pasadas | vigentes en el índice | arranque s | RSS MB al arrancar / tras la carga (pico) | búsqueda p99 (máx) | cotización p99 (máx) | con escritor, 50 conexiones: búsqueda máx cliente / servidor (p99.9 servidor) | cotización máx cliente / servidor (p99.9 servidor) | bucle máx | con escritor, 10 conexiones: búsqueda / cotización máx cliente / servidor | reservas escritas |',
)
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
const bothMax = (a: Load, b: Load) => Math.max(a.server.max, b.server.max)
const loopMax = (r: Row) =>
  Math.max(
    ...[r.searchWriting, r.quoteWriting, r.searchWritingLight, r.quoteWritingLight].map(
      (l) => l.server.loopDelayMax,
    ),
  )
for (const r of rows)
  console.log(
    `| ${fmt(r.cabins)} | ${fmt(r.past)} | ${fmt(r.live)} | ${r.startS.toFixed(1)} | ${r.idleRss} / ${r.rss} (${r.peak}) | ${r.search.p99} (${r.search.max}) | ${r.quote.p99} (${r.quote.max}) | ${r.searchWriting.max} / ${ms(r.searchWriting.server.max)} (${ms(r.searchWriting.server.p999)}) | ${r.quoteWriting.max} / ${ms(r.quoteWriting.server.max)} (${ms(r.quoteWriting.server.p999)}) | ${ms(loopMax(r))} | ${r.searchWritingLight.max} / ${ms(r.searchWritingLight.server.max)}, ${r.quoteWritingLight.max} / ${ms(r.quoteWritingLight.server.max)} | ${r.writes.booked} (+${r.writes.refused} rechazadas) |`,
  )
console.log(
  `\nBúsqueda mientras los anfitriones editan precios y calendarios (${HOSTS} anfitriones, ${HOSTS * LISTINGS_PER_HOST} anuncios publicados por la API, ${PRICE_EDITS_PER_SECOND} ediciones de precio/s y ${BLOCKS_PER_SECOND} bloqueos o desbloqueos/s además de ${WRITES_PER_SECOND} reservas/s); p99 en ms, cliente / servidor:\n`,
)
console.log(
  '| cabañas | estancias pasadas | carga (1 min) al empezar → al terminar | sin escritor | reservas | reservas + precios | 10 conexiones: reservas / reservas + precios | precios editados (rechazados) | bloqueos y desbloqueos (rechazados) | cabañas que muestran su último precio |',
)
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
const p99 = (l: Load) => `${l.p99} / ${ms(l.server.p99)}`
for (const r of rows)
  console.log(
    `| ${fmt(r.cabins)} | ${fmt(r.past)} | ${r.loadAverage.start} → ${r.loadAverage.end} | ${p99(r.search)} | ${p99(r.searchWriting)} | ${p99(r.searchEditing)} | ${p99(r.searchWritingLight)}, ${p99(r.searchEditingLight)} | ${r.edits.precios.done} (${r.edits.precios.refused}) | ${r.edits.bloqueos.done} (${r.edits.bloqueos.refused}) | ${r.shown.shown} de ${r.shown.edited} |`,
  )
const failures = rows.flatMap((r) =>
  [
    r.search,
    r.quote,
    r.searchWriting,
    r.quoteWriting,
    r.searchWritingLight,
    r.quoteWritingLight,
    r.searchEditing,
    r.searchEditingLight,
  ]
    .filter((l) => l.errors > 0)
    .map((l) => `${r.cabins}: ${l.errors} errores de conexión`),
)
for (const r of rows) {
  if (r.edits.precios?.refused)
    failures.push(`${r.cabins}: ${r.edits.precios.refused} ediciones de precio rechazadas`)
  if (r.edits.bloqueos?.refused)
    failures.push(`${r.cabins}: ${r.edits.bloqueos.refused} bloqueos o desbloqueos rechazados`)
  if (r.shown.shown < r.shown.edited)
    failures.push(`${r.cabins}: ${r.shown.edited - r.shown.shown} cabañas sin su último precio`)
}
for (const line of failures) console.log(`⚠ ${line}`)
const top = rows.find((r) => r.cabins === 100_000 && r.past === 100_000 * PAST_PER_CABIN)
if (top)
  console.log(
    `\nObjetivos a 100,000: arranque ≤ 10 s ${top.startS <= 10 ? 'cumplido' : 'NO cumplido'}; RSS ≤ 600 MB ${top.peak <= 600 ? 'cumplido' : 'NO cumplido'}`,
  )
const yes = (ok: boolean) => (ok ? 'sí' : 'NO')
for (const r of rows)
  console.log(
    `${fmt(r.cabins)}/${fmt(r.past)}: búsqueda p99 ≤ 50 ${yes(r.search.p99 <= 50)}, cotización p99 ≤ 20 ${yes(r.quote.p99 <= 20)}, nada > 50 ms con escritor en el servidor ${yes(bothMax(r.searchWriting, r.quoteWriting) <= 50)} (50 conexiones), ${yes(bothMax(r.searchWritingLight, r.quoteWritingLight) <= 50)} (10); en el cliente ${yes(Math.max(r.searchWriting.max, r.quoteWriting.max) <= 50)} (50), ${yes(Math.max(r.searchWritingLight.max, r.quoteWritingLight.max) <= 50)} (10)`,
  )
