// npm run test:concurrency — proves on PostgreSQL that the database, not process memory, prevents
// double booking and double charging: two API processes on one database, 200 concurrent charges; and
// that a host's calendar blocks racing guests' charges on the other process never share a night.
// Each simulated guest is a different client behind the proxy (its own X-Forwarded-For address,
// e-mail and device), as real guests are: the per-client hold and charge limits apply to each alone.
import { randomBytes } from 'node:crypto'
import { CALENDAR_API } from '@cabanas/domain/calendar'
import { addDays, calendarDateIn, requireValue } from '@cabanas/domain/shared'
import { openpaySandboxCharges } from '@cabanas/openpay-sandbox'
import { and, count, eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../../apps/api/src/db/client.ts'
import { cabinBlocks, listings, operators, reservations } from '../../apps/api/src/db/schema.ts'
import { approveListing } from '../../apps/api/src/features/listings/listings.service.ts'
import { signSession } from '../../apps/api/src/lib/session-tokens.ts'
import { loadSandboxCredentials } from '../../apps/api/src/sandbox-account.ts'
import { insertCabin, insertClient } from '../../apps/api/src/test/factories.ts'
import { completeListing } from '../../apps/api/src/test/listing-fixtures.ts'
import { type RunningServer, startServer } from './harness.ts'

const url = process.env.TEST_DATABASE_URL
if (!url) {
  console.log('test:concurrency necesita TEST_DATABASE_URL (PostgreSQL); se omite.')
  process.exit(0)
}

const CHARGES = 200
/** Round 3: stays paid through one process racing the host's blocks of the same nights through the other. */
const RACES = 20
const JWT_SECRET = randomBytes(24).toString('hex')
const name = `concurrency_${randomBytes(4).toString('hex')}`
const admin = new pg.Client({ connectionString: url })
await admin.connect()
await admin.query(`CREATE DATABASE "${name}"`)
const dbUrl = new URL(url)
dbUrl.pathname = `/${name}`

const failures: string[] = []
let passed = 0
const check = (ok: boolean, text: string) => {
  console.log(`${ok ? '✓' : '✗'} ${text}`)
  if (ok) passed += 1
  else failures.push(text)
}

const servers: RunningServer[] = []
try {
  const handle = await openDatabase({ url: dbUrl.toString() })
  await handle.migrate()
  const ROUNDS = 3
  const targets = []
  for (let round = 0; round < ROUNDS; round++) {
    targets.push(
      await insertCabin(handle.db, { maxOccupancy: 6, minNights: 1, name: `Cabaña disputada ${round + 1}` }),
    )
  }
  const others = []
  for (let i = 0; i < CHARGES; i++) others.push(await insertCabin(handle.db, { maxOccupancy: 6 }))

  // The installation's sandbox keys, generated in the database (the servers read the same row).
  const sandbox = await loadSandboxCredentials(handle.db)
  const env = {
    DATABASE_URL: dbUrl.toString(),
    RECONCILE_INTERVAL_MS: '0',
    PAYMENTS: 'sandbox',
    PUBLIC_URL: 'http://127.0.0.1',
    // The bench stands in for the reverse proxy on loopback: it says who each guest is.
    TRUST_PROXY: '127.0.0.1,::1',
    // Sessions of the host of round 3, signed here as the servers sign them.
    JWT_SECRET,
  }
  servers.push(await startServer(env), await startServer(env))
  const server = (i: number) => requireValue(servers[i % 2], `API process ${(i % 2) + 1}`).url
  /** Guest i's own address, behind the proxy. */
  const guestIp = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`

  async function token(i: number): Promise<string> {
    const res = await fetch(`${server(i)}/sandbox/openpay/v1/${sandbox.merchantId}/tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': guestIp(i % CHARGES),
        authorization: `Basic ${Buffer.from(`${sandbox.publicKey}:`).toString('base64')}`,
      },
      body: JSON.stringify({
        card_number: '4111111111111111',
        holder_name: 'ANA RODRIGUEZ',
        expiration_month: '12',
        expiration_year: '35',
        cvv2: '123',
      }),
    })
    return ((await res.json()) as { id: string }).id
  }

  const today = calendarDateIn(new Date())
  function charge(i: number, tokenId: string, cabinId: string, checkIn: string, checkOut: string) {
    const email = `huesped${i}@ejemplo.mx`
    return fetch(`${server(i)}/payments/charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': guestIp(i) },
      body: JSON.stringify({
        method: 'card',
        token_id: tokenId,
        device_session_id: `device${i}`,
        customerData: {
          name: 'Ana',
          last_name: 'Rodríguez',
          phone_number: '5512345678',
          email,
        },
        reservationData: {
          cabinId,
          checkIn,
          checkOut,
          guests: 2,
          guestInfo: {
            firstName: 'Ana',
            lastName: 'Rodríguez',
            email,
            phone: '5512345678',
          },
        },
      }),
    }).then((res) => res.status)
  }

  const tally = (statuses: number[]) => {
    const counts = new Map<number, number>()
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
    return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ')
  }

  const tokens = await Promise.all(Array.from({ length: CHARGES * (ROUNDS + 1) + RACES }, (_, i) => token(i)))
  const tokenAt = (i: number) => requireValue(tokens[i], `card token ${i} of ${tokens.length}`)
  const base = addDays(today, 30)

  // 1. Three rounds of 200 charges for one cabin, every stay overlapping every other
  //    ([base+k, base+k+3), k = 0..2), split over both processes.
  let started = performance.now()
  for (const [round, target] of targets.entries()) {
    started = performance.now()
    const contested = await Promise.all(
      Array.from({ length: CHARGES }, (_, i) =>
        charge(i, tokenAt(round * CHARGES + i), target.id, addDays(base, i % 3), addDays(base, (i % 3) + 3)),
      ),
    )
    const contestedMs = Math.round(performance.now() - started)
    console.log(
      `\nRonda ${round + 1}: 200 cobros concurrentes, una cabaña, fechas traslapadas, 2 procesos: ${tally(contested)} en ${contestedMs} ms`,
    )
    const [activeCount] = await handle.db
      .select({ n: count() })
      .from(reservations)
      .where(and(eq(reservations.cabinId, target.id), eq(reservations.status, 'active')))
    const targetReservationIds = (
      await handle.db
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.cabinId, target.id))
    ).map((r) => r.id)
    const [completedCharges] = await handle.db
      .select({ n: count() })
      .from(openpaySandboxCharges)
      .where(
        and(
          inArray(openpaySandboxCharges.orderId, targetReservationIds),
          eq(openpaySandboxCharges.status, 'completed'),
        ),
      )
    check(contested.filter((s) => s === 200).length === 1, 'exactamente 1 cobro aceptado (200)')
    check(contested.filter((s) => s === 409).length === CHARGES - 1, `${CHARGES - 1} rechazados con 409`)
    check(activeCount?.n === 1, `exactamente 1 reserva activa (hay ${activeCount?.n})`)
    check(
      completedCharges?.n === 1,
      `exactamente 1 cargo completado en la pasarela (hay ${completedCharges?.n})`,
    )
  }

  // 2. 200 charges on 200 different cabins, same dates: all succeed.
  started = performance.now()
  const spread = await Promise.all(
    others.map((cabin, i) => charge(i, tokenAt(ROUNDS * CHARGES + i), cabin.id, base, addDays(base, 3))),
  )
  const spreadMs = Math.round(performance.now() - started)
  console.log(
    `\n200 cobros concurrentes en 200 cabañas distintas, 2 procesos: ${tally(spread)} en ${spreadMs} ms`,
  )
  check(
    spread.every((s) => s === 200),
    'los 200 cobros aceptados',
  )
  const [activeOthers] = await handle.db
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        inArray(
          reservations.cabinId,
          others.map((c) => c.id),
        ),
        eq(reservations.status, 'active'),
      ),
    )
  check(activeOthers?.n === CHARGES, `${CHARGES} reservas activas (hay ${activeOthers?.n})`)

  // 3. A host blocks nights through process 2 while guests pay for the same nights through process 1:
  //    two-night stays and 1–3-night blocks over twenty nights, all at once. The one exclusion
  //    constraint of taken nights (cabin_holds) decides; every answer is a 2xx or a clear 409.
  const session = async (clientId: string) =>
    `Bearer ${(await signSession(new TextEncoder().encode(JWT_SECRET), { clientId, rememberMe: false, epoch: 0, now: new Date() })).token}`
  const host = await insertClient(handle.db, { isEmailVerified: true })
  const operator = await insertClient(handle.db, { isEmailVerified: true })
  await handle.db.insert(operators).values({ clientId: operator.id, grantedBy: 'command' })
  const hostAuthorization = await session(host.id)
  const becameHost = await fetch(`${server(1)}/api/hosts/me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: hostAuthorization },
    body: JSON.stringify({
      displayName: 'Cabañas en carrera',
      phone: '3398765432',
      clabe: '072320001122334455',
    }),
  })
  check(becameHost.status === 201, `el anfitrión se registra (${becameHost.status})`)
  const [draft] = await handle.db
    .insert(listings)
    .values({
      hostId: host.id,
      draft: completeListing(Array.from({ length: 5 }, () => crypto.randomUUID())) as never,
      status: 'submitted',
      submittedAt: new Date(),
    })
    .returning({ id: listings.id })
  const published = await approveListing(handle.db, {
    id: requireValue(draft, 'the inserted listing').id,
    actor: { clientId: operator.id, role: 'operator' },
  })
  const raceCabinId = requireValue(published.cabinId, 'the cabin of the approved listing')
  const first = addDays(base, 60)
  const block = (i: number) =>
    fetch(`${server(1)}${CALENDAR_API.blocks(published.id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: hostAuthorization },
      body: JSON.stringify({
        startsOn: addDays(first, i + 1),
        endsOn: addDays(first, i + 2 + (i % 3)),
        note: 'Carrera',
      }),
    }).then((res) => ({ kind: 'bloqueo', status: res.status }))
  const pay = (i: number) =>
    fetch(`${server(0)}/payments/charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': guestIp(CHARGES + i) },
      body: JSON.stringify({
        method: 'card',
        token_id: tokenAt((ROUNDS + 1) * CHARGES + i),
        device_session_id: `carrera${i}`,
        customerData: {
          name: 'Ana',
          last_name: 'Rodríguez',
          phone_number: '5512345678',
          email: `carrera${i}@ejemplo.mx`,
        },
        reservationData: {
          cabinId: raceCabinId,
          checkIn: addDays(first, i),
          checkOut: addDays(first, i + 2),
          guests: 2,
          guestInfo: {
            firstName: 'Ana',
            lastName: 'Rodríguez',
            email: `carrera${i}@ejemplo.mx`,
            phone: '5512345678',
          },
        },
      }),
    }).then((res) => ({ kind: 'cobro', status: res.status }))
  started = performance.now()
  // The host's request does more before its insert (session, role, listing, limit) than a guest's: each
  // charge leaves a few milliseconds after its block, so both sides win some of the nights.
  const after = <T>(ms: number, send: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms))
  const raced = await Promise.all(
    Array.from({ length: RACES }, (_, i) => [
      after(i * 5, () => block(i)),
      after(i * 5 + 25, () => pay(i)),
    ]).flat(),
  )
  console.log(
    `\n${RACES} bloqueos (proceso 2) contra ${RACES} cobros (proceso 1) sobre las mismas noches: bloqueos ${tally(raced.filter((r) => r.kind === 'bloqueo').map((r) => r.status))}; cobros ${tally(raced.filter((r) => r.kind === 'cobro').map((r) => r.status))} en ${Math.round(performance.now() - started)} ms`,
  )
  check(
    raced.every((r) => (r.kind === 'bloqueo' ? [201, 409] : [200, 409]).includes(r.status)),
    'cada respuesta es un 2xx o un 409 claro, nunca un 5xx',
  )
  const liveStays = await handle.db
    .select({ start: reservations.checkIn, end: reservations.checkOut })
    .from(reservations)
    .where(and(eq(reservations.cabinId, raceCabinId), inArray(reservations.status, ['pending', 'active'])))
  const blocked = await handle.db
    .select({ start: cabinBlocks.startsOn, end: cabinBlocks.endsOn })
    .from(cabinBlocks)
    .where(eq(cabinBlocks.cabinId, raceCabinId))
  const taken = [...liveStays, ...blocked]
  const shared = taken.flatMap((a, i) => taken.slice(i + 1).filter((b) => a.start < b.end && b.start < a.end))
  check(shared.length === 0, `ninguna noche en dos reservas o bloqueos (${taken.length} en la base)`)
  check(
    liveStays.length === raced.filter((r) => r.kind === 'cobro' && r.status === 200).length &&
      blocked.length === raced.filter((r) => r.kind === 'bloqueo' && r.status === 201).length,
    `la base tiene lo que dijeron las respuestas (${liveStays.length} estancias, ${blocked.length} bloqueos)`,
  )
  await handle.close()
} finally {
  for (const server of servers) await server.stop()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
}

console.log(`\n${passed} passed, ${failures.length} failed`)
process.exit(failures.length === 0 ? 0 : 1)
