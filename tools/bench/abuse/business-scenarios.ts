import { addDays, calendarDateIn } from '@cabanas/domain/shared'
import { type Answer, call, uniqueEmail } from './client.ts'
import {
  base,
  type HostAbuseContext,
  newAddress,
  newHost,
  newListing,
  type Session,
  uploadPhotos,
} from './host-kit.ts'

/*
 * Issue 22: the host's business against misuse. A request to book answered by a stranger, by a guest
 * and by a double-clicking owner; a message with HTML, empty or too long, and read by another host;
 * a reservation cancelled or refunded by someone who may not. Every answer is clear and in Spanish,
 * never a 5xx, and a double click changes nothing twice.
 */

const PASSWORD = 'clave-anfitrion-1'
const SPANISH = /[áéíóúñ¿¡]|sesión|anfitri|inválid|solicitud|mensaje|reserva/i
const HTML_MESSAGE = '<script>alert(1)</script><img src=x onerror=alert(2)> ¿Tienen chimenea?'

const errorOf = (answer: Answer) => String(answer.json.error ?? answer.json.message ?? '')

async function newGuest(ctx: HostAbuseContext): Promise<Session> {
  const res = await call(base(ctx), 'POST', '/auth/register', {
    headers: newAddress(),
    body: {
      firstName: 'Lucía',
      lastName: 'Viajera',
      email: uniqueEmail('huesped-negocio'),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    },
  })
  const token = (res.json.data as { token?: string } | undefined)?.token
  if (res.status !== 201 || !token) throw new Error(`registro del huésped: ${res.status}`)
  ctx.secrets.push(token)
  return { authorization: `Bearer ${token}` }
}

type Probe = { label: string; method: string; url: string; who?: Session; body?: unknown; status: number }

async function probe(ctx: HostAbuseContext, probes: Probe[]) {
  for (const [i, p] of probes.entries()) {
    const res = await call(base(ctx, i + 1), p.method, p.url, {
      headers: { ...newAddress(), ...p.who },
      body: p.body,
    })
    const error = errorOf(res)
    ctx.figure(`${p.label}: ${res.status} «${error.slice(0, 90)}»`)
    ctx.check(
      res.status === p.status && SPANISH.test(error),
      `${p.label}: ${p.status} en español (${res.status})`,
    )
  }
}

export async function hostBusinessHoldsTheLine(ctx: HostAbuseContext) {
  const owner = await newHost(ctx, 'negocio-dueno')
  const intruder = await newHost(ctx, 'negocio-intruso')
  const guest = await newGuest(ctx)
  const operatorLogin = await call(base(ctx), 'POST', '/auth/login', {
    headers: newAddress(),
    body: { email: ctx.operatorEmail, password: PASSWORD, rememberMe: false },
  })
  const operatorToken = (operatorLogin.json.data as { token?: string } | undefined)?.token
  if (!operatorToken) throw new Error(`inicio de sesión del operador: ${operatorLogin.status}`)
  ctx.secrets.push(operatorToken)
  const operator = { authorization: `Bearer ${operatorToken}` }
  const listing = await newListing(ctx, owner, await uploadPhotos(ctx, owner, 5), { publishWith: operator })
  const checkIn = addDays(calendarDateIn(new Date()), 45)

  // The guest asks; the answer carries the request's id.
  const asked = await call(base(ctx), 'POST', '/api/bookings', {
    headers: { ...guest, ...newAddress() },
    body: {
      cabinId: listing.cabinId,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      fullName: 'Lucía Viajera',
      email: uniqueEmail('solicitud'),
      phone: '5512345678',
    },
  })
  const requestId = (asked.json.data as { requestId?: string } | undefined)?.requestId
  ctx.check(
    asked.status === 201 && typeof requestId === 'string',
    `el huésped pide la cabaña (${asked.status})`,
  )
  if (!requestId) return
  const requestUrl = `/api/hosts/me/requests/${requestId}`

  await probe(ctx, [
    {
      label: 'otro anfitrión acepta la solicitud',
      method: 'POST',
      url: `${requestUrl}/accept`,
      who: intruder,
      status: 404,
    },
    {
      label: 'el huésped acepta su propia solicitud',
      method: 'POST',
      url: `${requestUrl}/accept`,
      who: guest,
      status: 403,
    },
    {
      label: 'anónimo rechaza la solicitud',
      method: 'POST',
      url: `${requestUrl}/decline`,
      body: { message: 'Lo siento' },
      status: 401,
    },
    {
      label: 'rechazo con un mensaje de 501 caracteres',
      method: 'POST',
      url: `${requestUrl}/decline`,
      who: owner,
      body: { message: 'x'.repeat(501) },
      status: 400,
    },
    {
      label: 'una solicitud que no es un id',
      method: 'GET',
      url: '/api/hosts/me/requests/no-es-un-id',
      who: owner,
      status: 400,
    },
  ])

  // A double click on 'Aceptar': both answers agree, the request is accepted once.
  const clicks = await Promise.all(
    [1, 2].map((i) =>
      call(base(ctx, i), 'POST', `${requestUrl}/accept`, { headers: { ...owner, ...newAddress() } }),
    ),
  )
  const states = clicks.map((res) => (res.json.data as { status?: string } | undefined)?.status)
  ctx.figure(`doble clic en Aceptar: ${clicks.map((res) => res.status).join(', ')} (${states.join(', ')})`)
  ctx.check(
    clicks.every((res) => res.status === 200) && states.every((state) => state === 'accepted'),
    'un doble clic en Aceptar acepta una vez y responde lo mismo dos veces',
  )
  await probe(ctx, [
    {
      label: 'rechazar lo ya aceptado',
      method: 'POST',
      url: `${requestUrl}/decline`,
      who: owner,
      body: {},
      status: 409,
    },
  ])

  // Messages: HTML is kept as text, never run; empty and too long are refused; strangers see nothing.
  const thread = `/api/messages/requests/${requestId}`
  const sent = await call(base(ctx), 'POST', thread, {
    headers: { ...guest, ...newAddress() },
    body: { body: HTML_MESSAGE },
  })
  const read = await call(base(ctx), 'GET', `/api/hosts/me/messages/requests/${requestId}`, {
    headers: { ...owner, ...newAddress() },
  })
  const bodies = JSON.stringify(read.json)
  ctx.figure(
    `mensaje con HTML: ${sent.status}; el anfitrión lo lee: ${read.status} (${read.headers.get('content-type')})`,
  )
  ctx.check(
    sent.status === 201 &&
      read.status === 200 &&
      String(read.headers.get('content-type')).startsWith('application/json') &&
      bodies.includes('<script>alert(1)</script>'),
    'un mensaje con HTML se guarda como texto y se entrega como JSON',
  )
  await probe(ctx, [
    { label: 'mensaje vacío', method: 'POST', url: thread, who: guest, body: { body: '   ' }, status: 400 },
    {
      label: 'mensaje de 2001 caracteres',
      method: 'POST',
      url: thread,
      who: guest,
      body: { body: 'a'.repeat(2001) },
      status: 400,
    },
    {
      label: 'otro anfitrión lee el hilo',
      method: 'GET',
      url: `/api/hosts/me/messages/requests/${requestId}`,
      who: intruder,
      status: 404,
    },
    {
      label: 'otro huésped escribe en el hilo',
      method: 'POST',
      url: thread,
      who: await newGuest(ctx),
      body: { body: 'Hola' },
      status: 404,
    },
    { label: 'anónimo lee el hilo', method: 'GET', url: thread, status: 401 },
  ])

  // Reservations: only the cabin's host cancels, only an operator refunds.
  const stranger = '6f1c2f1e-8a5b-4c1d-9e7f-0a1b2c3d4e5f'
  await probe(ctx, [
    {
      label: 'cancelar una reserva ajena',
      method: 'POST',
      url: `/api/hosts/me/reservations/${stranger}/cancel`,
      who: intruder,
      body: {},
      status: 404,
    },
    {
      label: 'un huésped cancela como anfitrión',
      method: 'POST',
      url: `/api/hosts/me/reservations/${stranger}/cancel`,
      who: guest,
      body: {},
      status: 403,
    },
    {
      label: 'motivo de 501 caracteres',
      method: 'POST',
      url: `/api/hosts/me/reservations/${stranger}/cancel`,
      who: owner,
      body: { reason: 'x'.repeat(501) },
      status: 400,
    },
    {
      label: 'un anfitrión reembolsa como operador',
      method: 'POST',
      url: `/api/operator/reservations/${stranger}/refund`,
      who: owner,
      status: 403,
    },
    {
      label: 'reembolso de una reserva que no existe',
      method: 'POST',
      url: `/api/operator/reservations/${stranger}/refund`,
      who: operator,
      status: 404,
    },
    {
      label: 'el CSV de reservas sin ser anfitrión',
      method: 'GET',
      url: '/api/hosts/me/reservations/csv',
      who: guest,
      status: 403,
    },
  ])
}
