import { CALENDAR_API, calendarMessages } from '@cabanas/domain/calendar'
import { HOST_TODAY_API, hostMessages } from '@cabanas/domain/hosts'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { addDays, calendarDateIn, messages } from '@cabanas/domain/shared'
import { call } from './client.ts'
/*
 * Issue 22: the host routes as they stand (listings, photos, calendar blocks and prices, calendar sync,
 * payouts and 'Hoy') against strangers, another host's ids, malformed and oversized bodies, and
 * imported calendars that point at this machine. Every answer is a 4xx in Spanish, never a 5xx.
 */
import { hostRoutesRefuseMalformedInput, icalFeedsCannotReachThisMachine } from './host-input-scenarios.ts'
import { base, type HostAbuseContext, newAddress, newHost, newListing, uploadPhotos } from './host-kit.ts'
import { newGuest, probe, signIn } from './host-routes-kit.ts'

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

/** The three, in order: they share the owner and the published listing. */
export async function hostRoutesHoldTheLine(ctx: HostAbuseContext) {
  const world = await hostRoutesRefuseStrangers(ctx)
  await hostRoutesRefuseMalformedInput(ctx, world)
  await icalFeedsCannotReachThisMachine(ctx, world)
}
