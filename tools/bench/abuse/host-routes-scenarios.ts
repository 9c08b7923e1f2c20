import { createServer, type Socket } from 'node:net'
import { CALENDAR_API, calendarMessages, calendarSyncMessages } from '@cabanas/domain/calendar'
import { HOST_TODAY_API, hostMessages } from '@cabanas/domain/hosts'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { payoutMessages } from '@cabanas/domain/payouts'
import { addDays, calendarDateIn, messages } from '@cabanas/domain/shared'
import { type Answer, call, sleep, uniqueEmail } from './client.ts'
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
 * Issue 22: the host routes as they stand (listings, photos, calendar blocks and prices, calendar sync,
 * payouts and 'Hoy') against strangers, another host's ids, malformed and oversized bodies, and
 * imported calendars that point at this machine. Every answer is a 4xx in Spanish, never a 5xx.
 */

/** host-kit.ts's password: the operator (registered and confirmed by the listing scenarios) signs in. */
const PASSWORD = 'clave-anfitrion-1'
const SPANISH = /[áéíóúñ¿¡]|sesión|anfitri|inválid|calendario|mes|dirección|cuerpo|solicitud/i

const errorOf = (answer: Answer) => String(answer.json.error ?? answer.json.message ?? '')

async function signIn(ctx: HostAbuseContext, email: string): Promise<Session> {
  const res = await call(base(ctx), 'POST', '/auth/login', {
    headers: newAddress(),
    body: { email, password: PASSWORD, rememberMe: false },
  })
  const token = (res.json.data as { token?: string } | undefined)?.token
  if (res.status !== 200 || !token) throw new Error(`inicio de sesión de ${email}: ${res.status}`)
  ctx.secrets.push(token)
  return { authorization: `Bearer ${token}` }
}

/** A client who only books: registered, no host profile. */
async function newGuest(ctx: HostAbuseContext): Promise<Session> {
  const email = uniqueEmail('huesped-abuso')
  const res = await call(base(ctx), 'POST', '/auth/register', {
    headers: newAddress(),
    body: {
      firstName: 'Hugo',
      lastName: 'Huésped',
      email,
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

type Probe = {
  label: string
  method: string
  url: string
  who?: Session
  body?: unknown
  headers?: Record<string, string>
  status: number
  /** A part of the Spanish message expected (else: any Spanish message). */
  message?: string
}

async function probe(ctx: HostAbuseContext, probes: Probe[]) {
  let i = 0
  for (const p of probes) {
    i += 1
    const res = await call(base(ctx, i), p.method, p.url, {
      headers: { ...newAddress(), ...p.who, ...p.headers },
      body: p.body,
    })
    const error = errorOf(res)
    ctx.figure(`${p.label}: ${res.status} «${error.slice(0, 90)}»`)
    ctx.check(
      res.status === p.status && (p.message ? error.includes(p.message) : SPANISH.test(error)),
      `${p.label}: ${p.status} en español (${res.status})`,
    )
  }
}

/** A TCP server that accepts and never answers: an imported calendar pointing at it would hang a poll. */
async function hangingServer() {
  const sockets: Socket[] = []
  let connections = 0
  const server = createServer((socket) => {
    connections += 1
    sockets.push(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * Strangers and another host's ids: the anonymous get 401, guests and hosts on operator routes 403,
 * another host 404 on a cabin that is not theirs, and 'Hoy' and the payouts of a host never show
 * another's cabin.
 */
export async function hostRoutesRefuseStrangers(ctx: HostAbuseContext) {
  const owner = await newHost(ctx, 'hoy-duena')
  const intruder = await newHost(ctx, 'hoy-intruso')
  const guest = await newGuest(ctx)
  const operator = await signIn(ctx, ctx.operatorEmail)
  const listing = await newListing(ctx, owner, await uploadPhotos(ctx, owner, 5), { publishWith: operator })
  const today = calendarDateIn(new Date())
  const block = await call(base(ctx), 'POST', CALENDAR_API.blocks(listing.id), {
    headers: { ...owner, ...newAddress() },
    body: { startsOn: addDays(today, 20), endsOn: addDays(today, 22), note: 'Nota privada de la dueña' },
  })
  const blockId = (block.json.block as { id?: string } | undefined)?.id ?? 'sin-bloqueo'
  const feed = await call(base(ctx), 'POST', CALENDAR_API.feeds(listing.id), {
    headers: { ...owner, ...newAddress() },
    body: { name: 'Airbnb', url: 'https://calendario.invalid/duena.ics' },
  })
  const feedId = (feed.json.feed as { id?: string } | undefined)?.id ?? 'sin-calendario'
  ctx.check(
    block.status === 201 && feed.status === 201,
    `la dueña bloquea e importa (${block.status}, ${feed.status})`,
  )
  const ownerId = (
    (await call(base(ctx), 'GET', '/auth/check', { headers: owner })).json.data as {
      client?: { id?: string }
    }
  )?.client?.id

  await probe(ctx, [
    {
      label: 'anónimo en Hoy',
      method: 'GET',
      url: HOST_TODAY_API,
      status: 401,
      message: messages.unauthorized,
    },
    { label: 'anónimo en pagos', method: 'GET', url: '/api/hosts/me/payouts', status: 401 },
    {
      label: 'huésped en Hoy',
      method: 'GET',
      url: HOST_TODAY_API,
      who: guest,
      status: 403,
      message: hostMessages.notHost,
    },
    {
      label: 'huésped en pagos',
      method: 'GET',
      url: '/api/hosts/me/payouts',
      who: guest,
      status: 403,
      message: hostMessages.notHost,
    },
    {
      label: 'huésped baja el CSV de un mes',
      method: 'GET',
      url: '/api/hosts/me/payouts/2026-05/csv',
      who: guest,
      status: 403,
      message: hostMessages.notHost,
    },
    {
      label: 'huésped en sus anuncios',
      method: 'GET',
      url: LISTING_API.mine,
      who: guest,
      status: 403,
      message: hostMessages.notHost,
    },
    {
      label: 'huésped lee el calendario de la cabaña',
      method: 'GET',
      url: CALENDAR_API.sync(listing.id),
      who: guest,
      status: 403,
      message: hostMessages.notHost,
    },
    {
      label: 'huésped en la consola de pagos',
      method: 'GET',
      url: '/api/operator/payouts',
      who: guest,
      status: 403,
      message: hostMessages.notOperator,
    },
    {
      label: 'anfitrión se paga a sí mismo como operador',
      method: 'POST',
      url: `/api/operator/payouts/${ownerId}/2026-05/mark-paid`,
      who: owner,
      body: { amount: 100, reference: 'SPEI 0001' },
      status: 403,
      message: hostMessages.notOperator,
    },
    {
      label: 'otro anfitrión borra el bloqueo de la dueña',
      method: 'DELETE',
      url: CALENDAR_API.block(listing.id, blockId),
      who: intruder,
      status: 404,
      message: calendarMessages.listingNotFound,
    },
    {
      label: 'otro anfitrión quita el calendario importado de la dueña',
      method: 'DELETE',
      url: CALENDAR_API.feed(listing.id, feedId),
      who: intruder,
      status: 404,
      message: calendarMessages.listingNotFound,
    },
    {
      label: 'otro anfitrión pone precio a una noche de la dueña',
      method: 'PUT',
      url: CALENDAR_API.nightPrices(listing.id),
      who: intruder,
      body: { startsOn: addDays(today, 30), endsOn: addDays(today, 31), nightlyRate: 100_00 },
      status: 404,
      message: calendarMessages.listingNotFound,
    },
    {
      label: 'otro anfitrión despausa la cabaña de la dueña',
      method: 'POST',
      url: LISTING_API.unpause(listing.id),
      who: intruder,
      status: 404,
      message: listingApiMessages.notFound,
    },
  ])
  const intruderToday = await call(base(ctx, 1), 'GET', HOST_TODAY_API, {
    headers: { ...intruder, ...newAddress() },
  })
  const intruderPayouts = await call(base(ctx), 'GET', '/api/hosts/me/payouts', {
    headers: { ...intruder, ...newAddress() },
  })
  const leaks = [intruderToday, intruderPayouts].filter((res) =>
    /Nota privada|duena\.ics|Refugio/.test(JSON.stringify(res.json)),
  )
  ctx.figure(`Hoy y pagos de otro anfitrión: ${intruderToday.status}, ${intruderPayouts.status}`)
  ctx.check(
    intruderToday.status === 200 && intruderPayouts.status === 200 && leaks.length === 0,
    'Hoy y pagos de otro anfitrión no muestran nada de la dueña',
  )
  const ownerToday = await call(base(ctx), 'GET', HOST_TODAY_API, { headers: { ...owner, ...newAddress() } })
  const still = await call(base(ctx), 'GET', CALENDAR_API.sync(listing.id), {
    headers: { ...owner, ...newAddress() },
  })
  ctx.check(
    ownerToday.status === 200 && (still.json.feeds as unknown[] | undefined)?.length === 1,
    `la dueña conserva su calendario importado y su Hoy (${ownerToday.status}, ${still.status})`,
  )
  return { owner, listing }
}

/** Malformed, oversized and mistyped bodies and params on the host routes: 4xx in Spanish. */
export async function hostRoutesRefuseMalformedInput(
  ctx: HostAbuseContext,
  { owner, listing }: { owner: Session; listing: { id: string } },
) {
  const operator = await signIn(ctx, ctx.operatorEmail)
  const today = calendarDateIn(new Date())
  const huge = JSON.stringify({
    name: 'Airbnb',
    url: `https://calendario.invalid/${'a'.repeat(3 * 1024 * 1024)}`,
  })
  await probe(ctx, [
    {
      label: 'un mes 2026-13',
      method: 'GET',
      url: '/api/hosts/me/payouts/2026-13',
      who: owner,
      status: 400,
      message: payoutMessages.month,
    },
    {
      label: 'un mes ../../etc',
      method: 'GET',
      url: '/api/hosts/me/payouts/..%2F..%2Fetc%2Fpasswd/csv',
      who: owner,
      status: 400,
      message: payoutMessages.month,
    },
    {
      label: 'un JSON cortado',
      method: 'POST',
      url: CALENDAR_API.feeds(listing.id),
      who: owner,
      body: '{"name":"Airbnb","url":',
      status: 400,
      message: messages.malformedJson,
    },
    {
      label: 'un cuerpo de 3 MB (el límite es 100 KB)',
      method: 'POST',
      url: CALENDAR_API.feeds(listing.id),
      who: owner,
      body: huge,
      status: 413,
      message: messages.payloadTooLarge,
    },
    {
      label: 'un cuerpo en XML',
      method: 'POST',
      url: CALENDAR_API.blocks(listing.id),
      who: owner,
      body: '<block startsOn="2026-01-01"/>',
      headers: { 'content-type': 'application/xml' },
      status: 415,
      message: messages.unsupportedMediaType,
    },
    {
      label: 'un cuerpo de texto plano',
      method: 'POST',
      url: CALENDAR_API.blocks(listing.id),
      who: owner,
      body: 'startsOn=2026-01-01',
      headers: { 'content-type': 'text/plain' },
      status: 400,
      message: 'se esperaba objeto',
    },
    {
      label: 'un nombre de calendario de 41 caracteres',
      method: 'POST',
      url: CALENDAR_API.feeds(listing.id),
      who: owner,
      body: { name: 'A'.repeat(41), url: 'https://calendario.invalid/b.ics' },
      status: 400,
      message: calendarSyncMessages.nameLong,
    },
    {
      label: 'una dirección file:///etc/passwd',
      method: 'POST',
      url: CALENDAR_API.feeds(listing.id),
      who: owner,
      body: { name: 'Local', url: 'file:///etc/passwd' },
      status: 400,
      message: calendarSyncMessages.urlInvalid,
    },
    {
      label: 'un bloqueo con fechas al revés',
      method: 'POST',
      url: CALENDAR_API.blocks(listing.id),
      who: owner,
      body: { startsOn: addDays(today, 12), endsOn: addDays(today, 10) },
      status: 400,
    },
    {
      label: 'un precio por noche en texto',
      method: 'PUT',
      url: CALENDAR_API.nightPrices(listing.id),
      who: owner,
      body: { startsOn: addDays(today, 10), endsOn: addDays(today, 11), nightlyRate: '1e309' },
      status: 400,
    },
    {
      label: 'un id de anuncio de 5,000 caracteres',
      method: 'GET',
      url: CALENDAR_API.sync('x'.repeat(5000)),
      who: owner,
      status: 404,
      message: messages.routeNotFound,
    },
    {
      label: 'una referencia de pago con fórmula',
      method: 'POST',
      url: '/api/operator/payouts/00000000-0000-4000-8000-000000000000/2026-05/mark-paid',
      who: operator,
      body: { amount: 100, reference: '=HYPERLINK("x")' },
      status: 400,
      message: payoutMessages.reference,
    },
    {
      label: 'un pago de -1 centavo',
      method: 'POST',
      url: '/api/operator/payouts/00000000-0000-4000-8000-000000000000/2026-05/transfer',
      who: operator,
      body: { amount: -1 },
      status: 400,
      message: payoutMessages.amount,
    },
  ])
}

/**
 * Imported calendars that point at this machine (127.0.0.1, localhost, [::1], 2130706433) or the cloud's
 * metadata address: added (the address is a web address), and each read fails with the Spanish reason
 * 'red privada o local', without a single connection to the (hanging) server listening there.
 */
export async function icalFeedsCannotReachThisMachine(
  ctx: HostAbuseContext,
  { owner, listing }: { owner: Session; listing: { id: string } },
) {
  const hanging = await hangingServer()
  try {
    // The listing imports one calendar already (hostRoutesRefuseStrangers): room for four more.
    const urls = [
      `http://127.0.0.1:${hanging.port}/calendar/ical/1.ics`,
      `http://localhost:${hanging.port}/calendar/ical/2.ics`,
      `http://[::1]:${hanging.port}/calendar/ical/3.ics`,
      `http://2130706433:${hanging.port}/calendar/ical/4.ics`,
    ]
    for (const [n, url] of urls.entries()) {
      const res = await call(base(ctx), 'POST', CALENDAR_API.feeds(listing.id), {
        headers: { ...owner, ...newAddress() },
        body: { name: `Local ${n + 1}`, url },
      })
      ctx.check(res.status === 201, `un calendario en ${url.split('/')[2]} se agrega (${res.status})`)
    }
    const metadata = await call(base(ctx), 'POST', CALENDAR_API.feeds(listing.id), {
      headers: { ...owner, ...newAddress() },
      body: { name: 'Metadatos', url: 'http://169.254.169.254/latest/meta-data/' },
    })
    ctx.figure(`el sexto calendario (169.254.169.254): ${metadata.status} «${errorOf(metadata)}»`)
    ctx.check(
      metadata.status === 409 && errorOf(metadata) === calendarSyncMessages.tooManyFeeds,
      'el sexto calendario de una cabaña es un 409 en español',
    )
    const started = Date.now()
    let feeds: { url: string; lastError: string | null }[] = []
    while (Date.now() - started < 60_000) {
      const sync = await call(base(ctx), 'GET', CALENDAR_API.sync(listing.id), { headers: owner })
      feeds = ((sync.json.feeds as typeof feeds | undefined) ?? []).filter((f) => urls.includes(f.url))
      if (feeds.length === urls.length && feeds.every((f) => f.lastError !== null)) break
      await sleep(500)
    }
    const blocked = calendarSyncMessages.failure.blockedAddress
    ctx.figure(
      `lecturas de calendarios locales tras ${Math.round((Date.now() - started) / 1000)} s: ${feeds
        .map((f) => `${new URL(f.url).hostname} → «${f.lastError}»`)
        .join('; ')}`,
    )
    ctx.check(
      feeds.length === urls.length && feeds.every((f) => f.lastError === blocked),
      'cada calendario en esta máquina falla con «red privada o local»',
    )
    ctx.check(
      hanging.connections() === 0,
      `el servidor colgado no recibió conexiones (${hanging.connections()})`,
    )
  } finally {
    await hanging.close()
  }
}

/** The three, in order: they share the owner and the published listing. */
export async function hostRoutesHoldTheLine(ctx: HostAbuseContext) {
  const world = await hostRoutesRefuseStrangers(ctx)
  await hostRoutesRefuseMalformedInput(ctx, world)
  await icalFeedsCannotReachThisMachine(ctx, world)
}
