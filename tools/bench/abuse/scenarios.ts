import { addDays, calendarDateIn } from '@cabanas/domain/shared'
import { readOutboxMails } from '../../../apps/api/src/features/mail/mail-testing.ts'
import {
  type Answer,
  call,
  cardToken,
  chargeBody,
  clientAddress,
  sleep,
  uniqueEmail,
  waitFor,
} from './client.ts'
import type { ServerProcess } from './processes.ts'

/** What every scenario gets: the running servers (two on PostgreSQL), a check and a figure printer. */
export type AbuseContext = {
  engine: 'pglite' | 'postgres'
  /** The servers sharing one database: [A] on PGlite, [A, B] on PostgreSQL. */
  servers: ServerProcess[]
  outboxDir: string
  webhookAuth: string
  check(ok: boolean, text: string): void
  figure(text: string): void
  /** Secrets this run used: the log scan at the end looks for every one of them. */
  secrets: string[]
}

const today = () => calendarDateIn(new Date())
const tally = (statuses: number[]) => {
  const counts = new Map<number, number>()
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ')
}
const server = (ctx: AbuseContext, i: number) => ctx.servers[i % ctx.servers.length]!.url
const forwarded = (i: number) => ({ 'x-forwarded-for': clientAddress(i) })

export async function cabinIds(base: string): Promise<string[]> {
  const res = await call(base, 'GET', '/habitaciones?limit=500')
  return (res.json.habitaciones as { _id: string }[]).map((cabin) => cabin._id)
}

/** The cabins that can be quoted (so booked) for 2 guests in [checkIn, checkOut). */
export async function quotableCabins(base: string, ids: string[], checkIn: string, checkOut: string) {
  const answers = await Promise.all(
    ids.map((habitacionId) =>
      call(base, 'POST', '/reservas/cotizar', { body: { habitacionId, checkIn, checkOut, guests: 2 } }),
    ),
  )
  return ids.filter((_, i) => answers[i]!.status === 200)
}

const bookableCount = async (base: string, ids: string[], checkIn: string, checkOut: string) =>
  (await quotableCabins(base, ids, checkIn, checkOut)).length

/** Item 1: requests whose token never reached a card hold no night. */
export async function hostileTokensHoldNothing(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const ids = await cabinIds(base)
  const checkIn = addDays(today(), 40)
  const checkOut = addDays(checkIn, 14)
  const quotable = await quotableCabins(base, ids, checkIn, checkOut)
  const before = quotable.length
  const started = performance.now()
  const statuses = await Promise.all(
    ids.map(async (cabinId, i) => {
      const body = chargeBody({
        tokenId: `tok\u0000${i}`,
        cabinId,
        checkIn,
        checkOut,
        email: uniqueEmail('nul'),
      })
      return (await call(server(ctx, i), 'POST', '/payments/charge', { body })).status
    }),
  )
  const ms = Math.round(performance.now() - started)
  const after = await bookableCount(base, ids, checkIn, checkOut)
  ctx.figure(`${ids.length} cobros anónimos con NUL en token_id en ${ms} ms: ${tally(statuses)}`)
  ctx.figure(`cabañas reservables 14 noches desde ${checkIn}: antes ${before}, después ${after}`)
  ctx.check(
    statuses.every((status) => status >= 400 && status < 500),
    'NUL en token_id: todos 4xx, ninguno 202',
  )
  ctx.check(after === before, 'NUL en token_id: ninguna noche retenida')

  // A well-formed token the provider does not know: a decline, the nights free at once.
  const cabinId = quotable[0]!
  const unknown = await call(base, 'POST', '/payments/charge', {
    headers: forwarded(1),
    body: chargeBody({
      tokenId: 'tokdesconocido0000001',
      cabinId,
      checkIn,
      checkOut,
      email: uniqueEmail('x'),
    }),
  })
  // Quotes read a model that follows the database within SEARCH_INDEX_MAX_STALENESS_MS (1 s).
  const quote = await waitFor(async () => {
    const res = await call(base, 'POST', '/reservas/cotizar', {
      body: { habitacionId: cabinId, checkIn, checkOut, guests: 2 },
    })
    return res.status === 200 ? res : undefined
  }, 3000)
  ctx.figure(
    `token bien formado pero desconocido: ${unknown.status}; cotización: ${quote?.status ?? 'ocupada'}`,
  )
  ctx.check(unknown.status === 402, 'token desconocido para el proveedor: 402 (rechazo)')
  ctx.check(quote?.status === 200, 'tras el rechazo las noches quedan libres (en ≤ 3 s)')
}

/** Item 1: an unknown outcome holds the nights only until an early reconciliation. */
export async function unknownOutcomeIsReconciledEarly(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const [cabinId] = await cabinIds(base)
  const checkIn = addDays(today(), 120)
  const checkOut = addDays(checkIn, 2)
  await call(base, 'POST', '/sandbox/openpay/_faults', { body: { mode: 'error5xx', times: 1 } })
  const email = uniqueEmail('incierto')
  const charge = await call(base, 'POST', '/payments/charge', {
    headers: forwarded(7),
    body: chargeBody({ tokenId: await cardToken(base), cabinId: cabinId!, checkIn, checkOut, email }),
  })
  ctx.check(
    charge.status === 202,
    `proveedor 5xx tras una solicitud bien formada: 202 (fue ${charge.status})`,
  )
  const data = charge.json.data as { reservationId: string; accessToken: string } | undefined
  if (!data) return
  ctx.secrets.push(data.accessToken)
  const started = Date.now()
  const settled = await waitFor(async () => {
    const res = await call(base, 'GET', `/api/bookings/${data.reservationId}`, {
      headers: { 'x-reservation-token': data.accessToken },
    })
    const status = (res.json.data as { status?: string } | undefined)?.status
    return status && status !== 'pending' ? status : undefined
  }, 90_000)
  const seconds = Math.round((Date.now() - started) / 1000)
  ctx.figure(`resultado desconocido conciliado en ${seconds} s → ${settled ?? 'sin conciliar'}`)
  ctx.check(settled !== undefined && seconds <= 70, 'resultado desconocido conciliado en ≤ 1 minuto')
}

/** Item 1: one client holds a bounded number of live pending holds. */
export async function liveHoldsPerClientAreBounded(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const checkIn = addDays(today(), 150)
  const checkOut = addDays(checkIn, 2)
  const ids = (await quotableCabins(base, await cabinIds(base), checkIn, checkOut)).slice(0, 8)
  // Every charge waits 0.8 s at the provider (under the 1.5 s timeout), so all holds are live at once.
  await call(base, 'POST', '/sandbox/openpay/_faults', {
    body: { mode: 'delay', times: ids.length, delayMs: 800 },
  })
  const email = uniqueEmail('acaparador')
  const device = 'dispositivoacaparador0000000001'
  const tokens = await Promise.all(ids.map(() => cardToken(base)))
  const statuses = await Promise.all(
    ids.map(async (cabinId, i) => {
      const body = chargeBody({ tokenId: tokens[i]!, cabinId, checkIn, checkOut, email, device })
      return (await call(base, 'POST', '/payments/charge', { headers: forwarded(20), body })).status
    }),
  )
  await call(base, 'DELETE', '/sandbox/openpay/_faults')
  ctx.figure(
    `${ids.length} cobros simultáneos de un cliente (misma IP, correo y dispositivo): ${tally(statuses)}`,
  )
  const held = statuses.filter((status) => status === 200 || status === 202).length
  ctx.check(held >= 1 && held <= 3, `retenciones vivas de un cliente acotadas (${held} de ${ids.length})`)
  ctx.check(
    statuses.filter((status) => status === 429).length === ids.length - held,
    'las demás: 429 en español',
  )
}

export async function firstRefusal(
  ctx: AbuseContext,
  label: string,
  attempts: number,
  send: (i: number) => Promise<Answer>,
) {
  for (let i = 0; i < attempts; i++) {
    const answer = await send(i)
    if (answer.status === 429) {
      const message = String(answer.json.error ?? '')
      ctx.figure(
        `${label}: primer 429 en el intento ${i + 1} (Retry-After ${answer.headers.get('retry-after')})`,
      )
      ctx.check(/[áéíóúñ]|Demasiad|Intenta/i.test(message), `${label}: 429 con mensaje en español`)
      return i + 1
    }
  }
  ctx.check(false, `${label}: ningún 429 en ${attempts} intentos`)
  return null
}

/** Item 1: per-IP limits, shared by every process, on what costs us. */
export async function costlyRequestsAreRateLimited(ctx: AbuseContext) {
  const ids = await cabinIds(server(ctx, 0))
  const checkIn = addDays(today(), 200)
  const ip = { 'x-forwarded-for': '203.0.113.77' }
  await firstRefusal(ctx, 'cobros desde una IP (alternando procesos)', 80, (i) =>
    call(server(ctx, i), 'POST', '/payments/charge', {
      headers: ip,
      body: chargeBody({
        tokenId: `tokinvalido${i}`,
        cabinId: ids[i % ids.length]!,
        checkIn,
        checkOut: addDays(checkIn, 2),
        email: uniqueEmail('limite'),
      }),
    }),
  )
  await firstRefusal(ctx, 'registros desde una IP', 80, (i) =>
    call(server(ctx, i), 'POST', '/auth/register', {
      headers: { 'x-forwarded-for': '203.0.113.78' },
      body: {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: uniqueEmail('registro'),
        password: 'clave-segura-1',
        confirmPassword: 'clave-segura-1',
        acceptTerms: true,
      },
    }),
  )
  await firstRefusal(ctx, 'solicitudes de reserva desde una IP', 80, (i) =>
    call(server(ctx, i), 'POST', '/api/bookings', {
      headers: { 'x-forwarded-for': '203.0.113.79' },
      body: {
        cabinId: ids[i % ids.length],
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
        fullName: 'Ana Ruiz',
        email: uniqueEmail('solicitud'),
        phone: '5512345678',
      },
    }),
  )
  await firstRefusal(ctx, 'recuperar contraseña desde una IP', 80, (i) =>
    call(server(ctx, i), 'POST', '/auth/forgot-password', {
      headers: { 'x-forwarded-for': '203.0.113.80' },
      body: { email: uniqueEmail('olvido') },
    }),
  )
}

/** General per-IP budget and its Spanish 429 (each process keeps its own). */
export async function generalLimitHolds(ctx: AbuseContext, budget: number) {
  const base = server(ctx, 0)
  const statuses: number[] = []
  for (let batch = 0; batch < Math.ceil((budget + 100) / 50); batch++) {
    statuses.push(
      ...(await Promise.all(
        Array.from(
          { length: 50 },
          async () => (await call(base, 'GET', '/health/live', { headers: forwarded(99) })).status,
        ),
      )),
    )
  }
  const first = statuses.indexOf(429)
  ctx.figure(
    `límite general por IP (${budget}/min, contando lo que esta IP ya pidió): ${tally(statuses)}; primer 429 en la solicitud ${first + 1}`,
  )
  ctx.check(first >= 0 && first <= budget, 'el límite general por IP corta dentro de su presupuesto')
  const refused = await call(base, 'GET', '/health/live')
  ctx.check(
    refused.status === 429 && String(refused.json.error).startsWith('Demasiadas solicitudes'),
    'y responde 429 en español',
  )
}

/** Item 3: a webhook about a charge the provider does not know is acknowledged and ignored. */
export async function unknownWebhookIsIgnored(ctx: AbuseContext) {
  const res = await call(server(ctx, 0), 'POST', '/webhooks/openpay', {
    headers: { authorization: ctx.webhookAuth },
    body: {
      type: 'charge.succeeded',
      event_date: new Date().toISOString(),
      transaction: { id: 'trdesconocido00000000', status: 'completed' },
    },
  })
  ctx.figure(`webhook de un cargo desconocido: ${res.status} ${JSON.stringify(res.json)}`)
  ctx.check(
    res.status === 200 && res.json.ignored === true,
    'webhook de cargo desconocido: 200 {ignored:true}',
  )
}

/** Item 8: the owner still gets in while an attacker guesses; the attacker is blocked. */
export async function guessesSlowTheAttackerNotTheOwner(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const email = uniqueEmail('duena')
  const password = 'la-clave-de-la-duena-9'
  ctx.secrets.push(email, password)
  await call(base, 'POST', '/auth/register', {
    headers: forwarded(150),
    body: {
      firstName: 'Dueña',
      lastName: 'Real',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  })
  const attacker: number[] = []
  for (let i = 0; i < 30; i++) {
    const res = await call(server(ctx, i), 'POST', '/auth/login', {
      headers: { 'x-forwarded-for': '192.0.2.66' },
      body: { email, password: `adivinanza-${i}` },
    })
    attacker.push(res.status)
  }
  const owner = await call(server(ctx, 1), 'POST', '/auth/login', {
    headers: { 'x-forwarded-for': '192.0.2.10' },
    body: { email, password },
  })
  ctx.figure(`30 intentos de un atacante: ${tally(attacker)}; la dueña desde otra IP: ${owner.status}`)
  ctx.check(attacker.includes(429), 'el atacante queda bloqueado')
  ctx.check(owner.status === 200, 'la dueña entra con su contraseña correcta')
  const token = (owner.json.data as { token?: string } | undefined)?.token
  if (token) ctx.secrets.push(token)
}

/** Item 7: without TRUST_PROXY, X-Forwarded-For does not rotate past the login limit. */
export async function forwardedForIsIgnoredByDefault(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) {
    const res = await call(base, 'POST', '/auth/login', {
      headers: forwarded(i),
      body: { email: uniqueEmail('spray'), password: 'adivinanza' },
    })
    statuses.push(res.status)
  }
  ctx.figure(`30 intentos con X-Forwarded-For rotando (sin TRUST_PROXY): ${tally(statuses)}`)
  ctx.check(statuses.includes(429), 'X-Forwarded-For no evade el límite sin TRUST_PROXY')
}

/** The plain text of the mails (.eml files) sent to `email`. */
async function mailsTo(outboxDir: string, email: string): Promise<string[]> {
  return (await readOutboxMails(outboxDir, email)).map((mail) => mail.text ?? '')
}

/** Items 6 and 9: the reset link's origin is PUBLIC_URL; a reset ends other sessions and links. */
export async function resetLinksAreSafe(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const email = uniqueEmail('reinicio')
  const password = 'clave-original-1'
  ctx.secrets.push(email, password)
  const address = { 'x-forwarded-for': '192.0.2.200' }
  await call(base, 'POST', '/auth/register', {
    headers: address,
    body: {
      firstName: 'Rita',
      lastName: 'Reyes',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  })
  const sessions: string[] = []
  for (let i = 0; i < 2; i++) {
    const login = await call(server(ctx, i), 'POST', '/auth/login', {
      headers: address,
      body: { email, password },
    })
    sessions.push(String((login.json.data as { token: string }).token))
  }
  ctx.secrets.push(...sessions)
  for (let i = 0; i < 2; i++) {
    await call(server(ctx, i), 'POST', '/auth/forgot-password', {
      headers: { ...address, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: { email },
    })
  }
  const mails = await waitFor(async () => {
    const found = (await mailsTo(ctx.outboxDir, email)).filter((text) =>
      text.includes('forgot-password#token='),
    )
    return found.length >= 2 ? found : undefined
  }, 30_000)
  const links = (mails ?? []).flatMap((mail) => [
    ...mail.matchAll(/https?:\/\/[^\s"'<>]+forgot-password#token=[\w-]+/g),
  ])
  const origins = [...new Set(links.map((link) => new URL(link[0]).origin))]
  ctx.figure(`enlaces de restablecimiento enviados: ${links.length}; orígenes: ${origins.join(', ')}`)
  ctx.check(
    origins.length === 1 && origins[0] === 'https://cabanas.example',
    'el enlace usa PUBLIC_URL aunque Host y X-Forwarded-Host digan otra cosa',
  )
  const tokens = links.map((link) => new URLSearchParams(new URL(link[0]).hash.slice(1)).get('token')!)
  ctx.secrets.push(...tokens)
  if (tokens.length < 2) return
  const reset = await call(base, 'POST', '/auth/reset-password', {
    headers: address,
    body: { token: tokens[0], password: 'clave-nueva-22', confirmPassword: 'clave-nueva-22' },
  })
  const other = await call(base, 'POST', '/auth/reset-password', {
    headers: address,
    body: { token: tokens[1], password: 'clave-nueva-33', confirmPassword: 'clave-nueva-33' },
  })
  const checks = await Promise.all(
    sessions.map((token, i) =>
      call(server(ctx, i), 'GET', '/auth/check', { headers: { authorization: `Bearer ${token}` } }),
    ),
  )
  ctx.figure(
    `restablecer: ${reset.status}; el otro enlace: ${other.status}; sesiones previas: ${checks.map((c) => c.status).join(', ')}`,
  )
  ctx.check(reset.status === 200, 'el enlace restablece la contraseña')
  ctx.check(other.status === 400, 'los demás enlaces dejan de servir')
  ctx.check(
    checks.every((c) => c.status === 401),
    'las sesiones anteriores terminan en todos los procesos',
  )
}

/** Item 10: forgot-password answers the same, in the same time, for an account and for nobody. */
export async function forgotPasswordRevealsNothing(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const known: string[] = []
  for (let i = 0; i < 20; i++) {
    const email = uniqueEmail('conocida')
    known.push(email)
    await call(server(ctx, i), 'POST', '/auth/register', {
      headers: forwarded(100 + i),
      body: {
        firstName: 'Eva',
        lastName: 'Luna',
        email,
        password: 'clave-eva-123',
        confirmPassword: 'clave-eva-123',
        acceptTerms: true,
      },
    })
  }
  ctx.secrets.push(...known)
  const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] }
  const bodies = new Set<string>()
  for (let i = 0; i < 40; i++) {
    const kind = i % 2 === 0 ? 'known' : 'unknown'
    const email = kind === 'known' ? known[i / 2]! : uniqueEmail('nadie')
    const res = await call(base, 'POST', '/auth/forgot-password', {
      headers: forwarded(50 + i),
      body: { email },
    })
    times[kind].push(res.ms)
    bodies.add(`${res.status} ${JSON.stringify(res.json)}`)
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const [a, b] = [median(times.known), median(times.unknown)]
  ctx.figure(
    `recuperar contraseña, mediana: cuenta existente ${a.toFixed(1)} ms, inexistente ${b.toFixed(1)} ms (20 de cada una)`,
  )
  ctx.check(bodies.size === 1, 'la misma respuesta exista o no la cuenta')
  ctx.check(Math.abs(a - b) < 15, 'el mismo tiempo (diferencia de medianas < 15 ms)')
}

/** Item 12: private answers are never stored; oversized headers are refused. */
export async function responsesAreNotStoredAndHeadersBounded(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const check = await call(base, 'GET', '/auth/check')
  const charge = await call(base, 'POST', '/payments/charge', { body: {} })
  ctx.check(
    check.headers.get('cache-control') === 'no-store' && charge.headers.get('cache-control') === 'no-store',
    'Cache-Control: no-store en sesiones y cobros',
  )
  let status = 0
  try {
    status = (await fetch(`${base}/health/live`, { headers: { 'x-relleno': 'x'.repeat(20_000) } })).status
  } catch {
    status = -1
  }
  ctx.figure(`encabezados de 20 KB: ${status}`)
  ctx.check(status === 431 || status === -1, 'encabezados enormes rechazados (431)')
}

/** Item 11: nothing personal or secret in any log line of the run. */
export function logsKeepSecrets(ctx: AbuseContext) {
  const log = ctx.servers.map((s) => s.output()).join('\n')
  const leaked = ctx.secrets.filter((secret) => secret.length >= 6 && log.includes(secret))
  ctx.figure(`bitácora: ${log.split('\n').length} líneas revisadas contra ${ctx.secrets.length} secretos`)
  ctx.check(
    leaked.length === 0,
    `ningún correo, contraseña ni token en la bitácora (${leaked.length} hallados)`,
  )
  ctx.check(!log.includes('\u0000') && !/params:/i.test(log), 'ni bytes NUL ni parámetros SQL en la bitácora')
}

export { sleep }

/**
 * Starts a server on the same data whose clock runs `shiftMs` ahead, gives its URL to `use`, and
 * stops it (on PGlite the run stops its own server first and restarts it after: one process per folder).
 */
export type WithShiftedClock = (shiftMs: number, use: (url: string) => Promise<void>) => Promise<void>

/**
 * Issue 19: a free-cancellation stay cannot be cancelled (and refunded) once it has started. A stay
 * is paid for tomorrow; a server whose clock reads tomorrow 16:00 in Mexico City (after the 15:00
 * check-in) is asked to cancel it with the guest's secret: it refuses in Spanish naming whom to write
 * to, the stay stays active and paid, and nothing is refunded. The same server refuses an arrival
 * "today" after 15:00. The demo cabins are non-refundable; the refusal comes before any money rule.
 */
export async function cancelAfterCheckIn(ctx: AbuseContext, withShiftedClock: WithShiftedClock) {
  const base = server(ctx, 0)
  const checkIn = addDays(today(), 1)
  const checkOut = addDays(checkIn, 3)
  const [cabinId] = await quotableCabins(base, await cabinIds(base), checkIn, checkOut)
  if (!cabinId) return ctx.check(false, 'hay una cabaña libre para mañana')
  const email = uniqueEmail('llegada')
  ctx.secrets.push(email)
  const charge = await call(base, 'POST', '/payments/charge', {
    headers: forwarded(240),
    body: chargeBody({ tokenId: await cardToken(base), cabinId, checkIn, checkOut, email }),
  })
  const data = charge.json.data as { reservationId: string; accessToken: string } | undefined
  if (charge.status !== 200 || !data)
    return ctx.check(false, `la estancia de mañana se paga (${charge.status})`)
  ctx.secrets.push(data.accessToken)
  const secret = { 'x-reservation-token': data.accessToken }
  const path = `/api/bookings/${data.reservationId}`

  // Tomorrow, 16:00 in Mexico City (UTC−6): one hour after check-in.
  const afterCheckIn = Date.parse(`${checkIn}T16:00:00-06:00`)
  let refusal: Answer | undefined
  let during: Answer | undefined
  let sameDay: Answer | undefined
  await withShiftedClock(afterCheckIn - Date.now(), async (url) => {
    refusal = await call(url, 'POST', `${path}/cancel`, { headers: secret })
    during = await call(url, 'GET', path, { headers: secret })
    sameDay = await call(url, 'POST', '/reservas/cotizar', {
      body: { habitacionId: cabinId, checkIn, checkOut: addDays(checkOut, 5), guests: 2 },
    })
  })
  const error = String(refusal?.json.error ?? '')
  ctx.figure(`cancelar con el reloj en ${checkIn} 16:00 (Ciudad de México): ${refusal?.status}, «${error}»`)
  ctx.check(refusal?.status === 400, 'cancelar una estancia ya iniciada: 400')
  ctx.check(
    /ya comenzó/.test(error) && error.includes('soporte@cabanas.mx'),
    'el mensaje dice a quién escribir',
  )
  const seen = during?.json.data as { status?: string; cancellation?: { phase?: string } } | undefined
  ctx.check(
    seen?.cancellation?.phase === 'started',
    'la página del viaje la ve iniciada (sin botón de cancelar)',
  )
  // On PGlite the run restarted its server around the shifted one: ask the current one.
  const after = await call(server(ctx, 0), 'GET', path, { headers: secret })
  const row = after.json.data as { status?: string; paymentStatus?: string } | undefined
  ctx.figure(`después: ${row?.status}/${row?.paymentStatus}`)
  ctx.check(
    row?.status === 'active' && row?.paymentStatus === 'PAID',
    'la estancia sigue activa y pagada: nada cancelado ni reembolsado',
  )
  ctx.figure(`cotizar llegada «hoy» a las 16:00: ${sameDay?.status}, «${String(sameDay?.json.error ?? '')}»`)
  ctx.check(
    sameDay?.status === 400 && /hora de entrada de hoy/.test(String(sameDay?.json.error)),
    'llegar hoy después de las 15:00: rechazado en español',
  )
}
