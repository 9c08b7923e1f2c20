// Attacks on holds and payments: tokens that never reach a card, unknown outcomes, too many live
// holds, webhooks about charges nobody knows, a cancellation after check-in.
import { addDays, requireValue } from '@cabanas/domain/shared'
import { type Answer, call, cardToken, chargeBody, uniqueEmail, waitFor } from './client.ts'
import {
  type AbuseContext,
  bookableCount,
  cabinIds,
  forwarded,
  quotableCabins,
  server,
  tally,
  today,
} from './scenarios.ts'

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
  const cabinId = requireValue(quotable[0], `a cabin bookable 14 nights from ${checkIn}`)
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
  const cabinId = requireValue((await cabinIds(base))[0], 'a cabin in the catalog')
  const checkIn = addDays(today(), 120)
  const checkOut = addDays(checkIn, 2)
  await call(base, 'POST', '/sandbox/openpay/_faults', { body: { mode: 'error5xx', times: 1 } })
  const email = uniqueEmail('incierto')
  const charge = await call(base, 'POST', '/payments/charge', {
    headers: forwarded(7),
    body: chargeBody({ tokenId: await cardToken(base), cabinId, checkIn, checkOut, email }),
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
  // Every card token first, then the charges together.
  const charges = await Promise.all(ids.map(async (cabinId) => ({ cabinId, tokenId: await cardToken(base) })))
  const statuses = await Promise.all(
    charges.map(async ({ cabinId, tokenId }) => {
      const body = chargeBody({ tokenId, cabinId, checkIn, checkOut, email, device })
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
