// Issue 21: a listing refuses hostile edits (control characters, absurd prices, another host's cabin or
// calendar block) and keeps what was saved.
import { CALENDAR_API, calendarMessages, calendarSyncMessages } from '@cabanas/domain/calendar'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { addDays, calendarDateIn, inputMessages, requireValue } from '@cabanas/domain/shared'
import { call } from './client.ts'
import {
  base,
  type HostAbuseContext,
  newListing,
  newOperator,
  readListing,
  type Session,
  uploadPhotos,
} from './host-kit.ts'

/**
 * Control characters, a price of 0 or of 10,000,000 pesos, and another host's cabin; in its calendar, a
 * block in the past, a night price of 0 and another host's block.
 */
export async function listingsRefuseHostileEdits(ctx: HostAbuseContext, owner: Session, intruder: Session) {
  const operator = await newOperator(ctx)
  const published = await newListing(ctx, owner, await uploadPhotos(ctx, owner, 5), { publishWith: operator })
  const cabinId = requireValue(published.cabinId, 'the cabin of a published listing')
  const cabin = async () => (await call(base(ctx, 1), 'GET', `/habitaciones/${cabinId}`)).json
  const cabinBefore = JSON.stringify(await cabin())
  const before = await readListing(ctx, owner, published.id)

  const edits: [string, Session, 'description' | 'prices', unknown, number, string][] = [
    [
      'un título con caracteres de control',
      owner,
      'description',
      { ...before.draft.description, title: 'Cabaña\u0000\u001b[31m roja\u0007' },
      400,
      inputMessages.controlCharacters('título'),
    ],
    ['un precio de 0', owner, 'prices', { ...before.draft.prices, weekdayRate: 0 }, 400, 'precio por noche'],
    [
      'un precio de 10,000,000 de pesos',
      owner,
      'prices',
      { ...before.draft.prices, weekdayRate: 1_000_000_000 },
      400,
      'precio por noche',
    ],
    [
      'otro anfitrión cambia el precio',
      intruder,
      'prices',
      { ...before.draft.prices, weekdayRate: 100_00 },
      404,
      listingApiMessages.notFound,
    ],
  ]
  for (const [label, who, step, value, status, message] of edits) {
    const res = await call(base(ctx), 'PUT', LISTING_API.step(published.id, step), {
      headers: who,
      body: { value, version: before.version },
    })
    ctx.figure(`${label}: ${res.status} «${String(res.json.error ?? '')}»`)
    ctx.check(
      res.status === status && String(res.json.error ?? '').includes(message),
      `${label}: ${status} en español`,
    )
  }
  const intrusionCalls: [method: string, url: string][] = [
    ['POST', LISTING_API.pause(published.id)],
    ['DELETE', LISTING_API.one(published.id)],
    ['GET', LISTING_API.one(published.id)],
    ['POST', LISTING_API.submit(published.id)],
  ]
  const intrusions = await Promise.all(
    intrusionCalls.map(
      async ([method, url]) => (await call(base(ctx), method, url, { headers: intruder })).status,
    ),
  )
  const approve = await call(base(ctx), 'POST', LISTING_API.operatorPause(published.id), {
    headers: intruder,
  })
  ctx.figure(
    `otro anfitrión: pausar, borrar, leer, enviar → ${intrusions.join(', ')}; pausar como operador → ${approve.status}`,
  )
  ctx.check(
    intrusions.every((status) => status === 404),
    'la cabaña de otro anfitrión no existe para él (404)',
  )
  ctx.check(approve.status === 403, 'un anfitrión no usa las rutas de operador (403)')
  // The calendar: a block in the past, a night price of 0, another host's block; nothing is closed.
  const today = calendarDateIn(new Date())
  const calendarEdits: [string, Session, string, string, unknown, number, string][] = [
    [
      'un bloqueo en el pasado',
      owner,
      'POST',
      CALENDAR_API.blocks(published.id),
      { startsOn: addDays(today, -3), endsOn: addDays(today, -1), note: 'Ayer' },
      400,
      calendarMessages.past,
    ],
    [
      'un precio por noche de 0',
      owner,
      'PUT',
      CALENDAR_API.nightPrices(published.id),
      { startsOn: addDays(today, 10), endsOn: addDays(today, 12), nightlyRate: 0 },
      400,
      calendarMessages.rateMin,
    ],
    [
      'otro anfitrión bloquea la cabaña',
      intruder,
      'POST',
      CALENDAR_API.blocks(published.id),
      { startsOn: addDays(today, 10), endsOn: addDays(today, 12) },
      404,
      calendarMessages.listingNotFound,
    ],
    // Calendar sync: an address that is no web page, another host's calendars and export address.
    [
      'un calendario importado con webcal://',
      owner,
      'POST',
      CALENDAR_API.feeds(published.id),
      { name: 'Airbnb', url: 'webcal://127.0.0.1/calendario.ics' },
      400,
      calendarSyncMessages.urlInvalid,
    ],
    [
      'otro anfitrión importa un calendario en la cabaña',
      intruder,
      'POST',
      CALENDAR_API.feeds(published.id),
      { name: 'Airbnb', url: 'https://calendario.invalid/a.ics' },
      404,
      calendarMessages.listingNotFound,
    ],
    [
      'otro anfitrión lee la dirección secreta del calendario',
      intruder,
      'GET',
      CALENDAR_API.sync(published.id),
      undefined,
      404,
      calendarMessages.listingNotFound,
    ],
    [
      'otro anfitrión cambia la dirección secreta del calendario',
      intruder,
      'POST',
      CALENDAR_API.exportAddress(published.id),
      undefined,
      404,
      calendarMessages.listingNotFound,
    ],
  ]
  for (const [label, who, method, url, body, status, message] of calendarEdits) {
    const res = await call(base(ctx, 1), method, url, { headers: who, body })
    ctx.figure(`${label}: ${res.status} «${String(res.json.error ?? '')}»`)
    ctx.check(
      res.status === status && String(res.json.error ?? '').includes(message),
      `${label}: ${status} en español`,
    )
  }
  const month = await call(
    base(ctx),
    'GET',
    `${CALENDAR_API.calendar(published.id)}?from=${today}&to=${addDays(today, 60)}`,
    { headers: owner },
  )
  const blocks = (month.json.calendar as { blocks?: unknown[] } | undefined)?.blocks
  ctx.check(
    month.status === 200 && Array.isArray(blocks) && blocks.length === 0,
    `el calendario queda sin bloqueos (${month.status})`,
  )
  const sync = await call(base(ctx), 'GET', CALENDAR_API.sync(published.id), { headers: owner })
  const feeds = sync.json.feeds as unknown[] | undefined
  ctx.check(
    sync.status === 200 && Array.isArray(feeds) && feeds.length === 0,
    `la cabaña no importa ningún calendario (${sync.status})`,
  )
  const after = await readListing(ctx, owner, published.id)
  ctx.check(
    after.version === before.version && JSON.stringify(after.draft) === JSON.stringify(before.draft),
    'el anuncio queda como estaba (versión y borrador)',
  )
  ctx.check(
    JSON.stringify(await cabin()) === cabinBefore,
    'la cabaña publicada queda como estaba (precio, datos)',
  )
}
