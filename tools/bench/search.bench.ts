// npm run bench:search — search vs a trivial route on 10,000 cabins and 200,000 reservations,
// on PostgreSQL (BENCH_DATABASE_URL, default the local server) and on PGlite.
import { addDays, calendarDateIn } from '@cabanas/domain/shared'
import { cabins } from '../../apps/api/src/db/schema.ts'
import {
  createBenchDatabase,
  type Engine,
  type LoadResult,
  printResults,
  runInTurns,
  runLoad,
  startServer,
} from './harness.ts'
import { pickWith, seededRandom } from './seeded.ts'
import { loadSyntheticCatalogue, SYNTHETIC_DESTINATIONS } from './synthetic.ts'

const CABINS = 10_000
const RESERVATIONS_PER_CABIN = 20
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const engines: Engine[] = process.argv.includes('--pglite-only')
  ? ['pglite']
  : process.argv.includes('--postgres-only')
    ? ['postgres']
    : ['postgres', 'pglite']

const today = calendarDateIn(new Date())
const random = seededRandom(42)
const pick = <T>(items: readonly T[]) => pickWith(random, items)

function randomSearchPath() {
  const place = pick(SYNTHETIC_DESTINATIONS)
  const location = random() < 0.5 ? `${place.population}, ${place.state}` : place.population.toLowerCase()
  const checkIn = addDays(today, 1 + Math.floor(random() * 300))
  const checkOut = addDays(checkIn, 1 + Math.floor(random() * 6))
  const guests = 1 + Math.floor(random() * 6)
  return `/cotizar/search?${new URLSearchParams({ location, checkIn, checkOut, guests: String(guests) })}`
}

/** Cabin ids of the loaded catalogue, for quotes of random cabins. */
let cabinIds: string[] = []
function randomQuoteBody() {
  const checkIn = addDays(today, 1 + Math.floor(random() * 300))
  return JSON.stringify({
    habitacionId: pick(cabinIds),
    checkIn,
    checkOut: addDays(checkIn, 1 + Math.floor(random() * 6)),
    guests: 2,
  })
}

const summary: string[] = []
for (const engine of engines) {
  const database = await createBenchDatabase(engine)
  const loadStarted = performance.now()
  const handle = await database.open()
  await handle.migrate()
  await loadSyntheticCatalogue(handle.db, {
    cabins: CABINS,
    reservationsPerCabin: RESERVATIONS_PER_CABIN,
    today,
  })
  cabinIds = (await handle.db.select({ id: cabins.id }).from(cabins)).map((row) => row.id)
  await handle.close()
  const loadSeconds = ((performance.now() - loadStarted) / 1000).toFixed(1)

  const server = await startServer(database.env)
  await runLoad('warm-up', server.url, randomSearchPath, { seconds: 2, connections: 10 })
  // Search and the trivial route take turns, so the ratio compares them under the same conditions.
  const [search, trivial] = (await runInTurns(
    server.url,
    [
      { name: 'GET /cotizar/search', nextPath: randomSearchPath },
      { name: 'GET /health/live', nextPath: () => '/health/live' },
    ],
    { seconds: SECONDS },
  )) as [LoadResult, LoadResult]
  const quote = await runLoad('POST /reservas/cotizar', server.url, () => '/reservas/cotizar', {
    seconds: SECONDS,
    method: 'POST',
    body: randomQuoteBody,
  })
  await server.stop()
  await database.drop()

  printResults(
    `${engine} — ${CABINS} cabañas, ${CABINS * RESERVATIONS_PER_CABIN} reservas (carga en ${loadSeconds} s)`,
    [search, trivial, quote],
  )
  const ratio = search.requestsPerSecond / trivial.requestsPerSecond
  const line = `${engine}: search ${search.requestsPerSecond} req/s p50 ${search.p50} ms p99 ${search.p99} ms; trivial ${trivial.requestsPerSecond} req/s p99 ${trivial.p99} ms; ratio ${ratio.toFixed(2)}`
  summary.push(line)
  summary.push(
    `  quote ${quote.requestsPerSecond} req/s p50 ${quote.p50} ms p99 ${quote.p99} ms (${quote.non2xx} no-2xx: fechas ocupadas → 409)`,
  )
  if (search.non2xx > 0 || search.errors > 0)
    summary.push(`  ⚠ search: ${search.non2xx} non-2xx, ${search.errors} errors`)
  if (engine === 'postgres') {
    summary.push(
      `  objetivo búsqueda p99 ≤ 50 ms: ${search.p99 <= 50 ? 'cumplido' : 'NO cumplido'}; ratio ≥ 0.30: ${ratio >= 0.3 ? 'cumplido' : 'NO cumplido'}`,
    )
    summary.push(`  objetivo cotización p99 ≤ 20 ms: ${quote.p99 <= 20 ? 'cumplido' : 'NO cumplido'}`)
  }
}
console.log(`\n${summary.join('\n')}`)
