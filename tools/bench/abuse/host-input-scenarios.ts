// Issue 22: malformed input on the host routes, and imported calendars that point at this machine.
import { CALENDAR_API, calendarSyncMessages } from '@cabanas/domain/calendar'
import { payoutMessages } from '@cabanas/domain/payouts'
import { addDays, calendarDateIn, messages } from '@cabanas/domain/shared'
import { call, sleep } from './client.ts'
import { base, type HostAbuseContext, newAddress, type Session } from './host-kit.ts'
import { errorOf, hangingServer, probe, signIn } from './host-routes-kit.ts'

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
      oversized: true,
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
