import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  CONTACT_MASK,
  messageMessages,
  PostMessageResponseSchema,
  ThreadListResponseSchema,
  ThreadResponseSchema,
} from '@cabanas/domain/messages'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, threadMessages } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertBookingRequest, insertCabin, insertClient, insertReservation } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { addressSequence, sessionFor } from '../../test/session-test-kit.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'

const PUBLIC_URL = 'https://cabanas.example'
const mailDir = mkdtempSync(path.join(tmpdir(), 'cabanas-messages-'))
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ env: { MAIL_OUTBOX_DIR: mailDir, PUBLIC_URL } })
})
afterAll(async () => {
  await ctx.close()
  rmSync(mailDir, { recursive: true, force: true })
})

const nextAddress = addressSequence('10.9')

const tokenFor = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

const HOST_PHONE = '+523398765432'
const GUEST_PHONE = '5587654321'

/** A host (profile through the API) with a cabin, and a guest with a paid stay, a pending one and a request. */
async function buildWorld() {
  const hostClient = await insertClient(ctx.db, { firstName: 'Lupe' })
  const hostToken = await tokenFor(hostClient.id)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/hosts/me',
    headers: { authorization: `Bearer ${hostToken}` },
    payload: { displayName: 'Cabañas Doña Lupe', phone: HOST_PHONE.slice(3), clabe: '072320001122334455' },
    remoteAddress: nextAddress(),
  })
  expect(res.statusCode).toBe(201)
  const cabin = await insertCabin(ctx.db, { hostId: hostClient.id, name: 'Refugio del Lago' })
  const guest = await insertClient(ctx.db, { firstName: 'Ana' })
  const stay = { cabinId: cabin.id, clientId: guest.id, guestPhone: GUEST_PHONE, guestEmail: guest.email }
  const paid = await insertReservation(ctx.db, { ...stay, checkIn: '2026-07-10' })
  const unpaid = await insertReservation(ctx.db, {
    ...stay,
    checkIn: '2026-08-10',
    status: 'pending',
    paymentStatus: 'PENDING',
  })
  const request = await insertBookingRequest(ctx.db, {
    cabinId: cabin.id,
    clientId: guest.id,
    checkIn: '2026-09-10',
    fullName: 'Ana Rodríguez',
    email: guest.email,
    phone: GUEST_PHONE,
  })
  return {
    host: { id: hostClient.id, email: hostClient.email, token: hostToken },
    guest: { id: guest.id, email: guest.email, token: await tokenFor(guest.id) },
    cabin,
    paid,
    unpaid,
    request,
  }
}

type Call = { method?: 'GET' | 'POST'; url: string; token?: string | null; body?: unknown }
const call = ({ method = 'GET', url, token, body }: Call) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
    remoteAddress: nextAddress(),
  })

const guestThread = (kind: 'reservations' | 'requests', id: string) => `/api/messages/${kind}/${id}`
const hostThread = (kind: 'reservations' | 'requests', id: string) => `/api/hosts/me/messages/${kind}/${id}`

async function send(url: string, token: string, body: string) {
  const res = await call({ method: 'POST', url, token, body: { body } })
  expect(res.statusCode, res.body).toBe(201)
  return PostMessageResponseSchema.parse(res.json())
}

async function read(url: string, token: string) {
  const res = await call({ url, token })
  expect(res.statusCode, res.body).toBe(200)
  return { thread: ThreadResponseSchema.parse(res.json()).data.thread, body: res.body }
}

const mailRows = (messageIds: string[]) =>
  ctx.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'mail:message-received'),
        sql`${outbox.payload}->>'messageId' in (${sql.join(
          messageIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )

describe('a confirmed stay', () => {
  it('carries the message both ways, and each side sees the other’s phone and WhatsApp', async () => {
    const world = await buildWorld()
    const sent = await send(
      guestThread('reservations', world.paid.id),
      world.guest.token,
      '¿Hay leña para la chimenea?',
    )
    expect(sent.data).toMatchObject({ masked: false, message: { from: 'guest', read: false } })

    const asHost = await read(hostThread('reservations', world.paid.id), world.host.token)
    expect(asHost.thread).toMatchObject({
      kind: 'reservation',
      as: 'host',
      cabinName: 'Refugio del Lago',
      confirmed: true,
      counterpart: { name: 'Ana Rodríguez', phone: GUEST_PHONE, whatsappUrl: 'https://wa.me/525587654321' },
      messages: [{ from: 'guest', body: '¿Hay leña para la chimenea?', read: true }],
    })

    await send(
      hostThread('reservations', world.paid.id),
      world.host.token,
      'Sí, hay leña. Mi cel es 33 9876 5432',
    )
    const asGuest = await read(guestThread('reservations', world.paid.id), world.guest.token)
    expect(asGuest.thread.counterpart).toEqual({
      name: 'Cabañas Doña Lupe',
      phone: HOST_PHONE,
      whatsappUrl: 'https://wa.me/523398765432',
    })
    // Once confirmed, a phone in a message is kept as sent.
    expect(asGuest.thread.messages.map((message) => [message.from, message.body, message.read])).toEqual([
      ['guest', '¿Hay leña para la chimenea?', true],
      ['host', 'Sí, hay leña. Mi cel es 33 9876 5432', true],
    ])
  })
})

describe('before the stay is confirmed', () => {
  it.each([
    ['a request to book', 'requests', 'request'],
    ['an unpaid reservation', 'reservations', 'unpaid'],
  ] as const)('no contact data crosses in %s', async (_name, kind, which) => {
    const world = await buildWorld()
    const id = which === 'request' ? world.request.id : world.unpaid.id
    const sent = await send(
      guestThread(kind, id),
      world.guest.token,
      'mi cel es 55 1234 5678, escríbeme a ana@correo.mx o wa.me/5215512345678',
    )
    expect(sent.message).toBe(messageMessages.masked)
    expect(sent.data.masked).toBe(true)
    expect(sent.data.message.body).toBe(
      `mi cel es ${CONTACT_MASK}, escríbeme a ${CONTACT_MASK} o ${CONTACT_MASK}`,
    )
    const [stored] = await ctx.db
      .select({ body: threadMessages.body })
      .from(threadMessages)
      .where(eq(threadMessages.id, sent.data.message.id))
    expect(must(stored, 'stored').body).not.toMatch(/\d|@/)

    const asHost = await read(hostThread(kind, id), world.host.token)
    expect(asHost.thread.confirmed).toBe(false)
    expect(asHost.thread.counterpart).toEqual({ name: 'Ana', phone: null, whatsappUrl: null })
    for (const secret of [GUEST_PHONE, world.guest.email, '5512345678', 'ana@correo.mx', 'Rodríguez']) {
      expect(asHost.body).not.toContain(secret)
    }
    await send(hostThread(kind, id), world.host.token, 'Con gusto. Llámame: 33-9876-5432')
    const asGuest = await read(guestThread(kind, id), world.guest.token)
    expect(asGuest.thread.counterpart).toEqual({ name: 'Cabañas Doña Lupe', phone: null, whatsappUrl: null })
    // Not a bare '9876' on the whole body: an id or a time may hold those digits.
    expect(asGuest.thread.messages.map((m) => m.body).join(' ')).not.toContain('9876')
    expect(asGuest.body).not.toContain('33-9876-5432')
    expect(asGuest.body).not.toContain(HOST_PHONE)
  })
})

describe('HTML in a message', () => {
  it('is stored and answered as text, and the mail shows it escaped', async () => {
    const world = await buildWorld()
    const hostile = '<script>alert(1)</script>\n<img src=x onerror=alert(1)>'
    const sent = await send(guestThread('reservations', world.paid.id), world.guest.token, hostile)
    expect(sent.data.message.body).toBe(hostile)
    const [stored] = await ctx.db
      .select({ body: threadMessages.body })
      .from(threadMessages)
      .where(eq(threadMessages.id, sent.data.message.id))
    expect(must(stored, 'stored').body).toBe(hostile)

    await ctx.app.runJobOnce(ctx.app.outboxJob)
    const [mail] = await readOutboxMails(mailDir, world.host.email)
    expect(must(mail, 'mail').subject).toBe('Nuevo mensaje de Ana: Refugio del Lago')
    const html = String(must(mail, 'mail').html)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img src=x')
    expect(must(mail, 'mail').text).toContain(hostile)
    // The link to the host's thread, from PUBLIC_URL.
    expect(html).toContain(`href="${PUBLIC_URL}/anfitrion/mensajes/reserva/${world.paid.id}"`)
    expect(must(mail, 'mail').text).toContain(`${PUBLIC_URL}/anfitrion/mensajes/reserva/${world.paid.id}`)
  })
})

describe('mails', () => {
  it('coalesce: one mail per thread and recipient while earlier messages are unread, for 10 minutes', async () => {
    const world = await buildWorld()
    const url = guestThread('reservations', world.paid.id)
    const first = await send(url, world.guest.token, 'Hola')
    const second = await send(url, world.guest.token, '¿Sigue en pie?')
    expect(await mailRows([first.data.message.id])).toHaveLength(1)
    expect(await mailRows([second.data.message.id])).toHaveLength(0)

    // Ten minutes later, still unread: a new mail.
    await ctx.db
      .update(threadMessages)
      .set({ mailedAt: sql`now() - interval '11 minutes'` })
      .where(eq(threadMessages.id, first.data.message.id))
    const third = await send(url, world.guest.token, '¿Hola?')
    expect(await mailRows([third.data.message.id])).toHaveLength(1)

    // Read by the host: the next message mails at once.
    await read(hostThread('reservations', world.paid.id), world.host.token)
    const fourth = await send(url, world.guest.token, 'Gracias')
    expect(await mailRows([fourth.data.message.id])).toHaveLength(1)
    // The host's reply goes to the guest on its own.
    const reply = await send(hostThread('reservations', world.paid.id), world.host.token, 'De nada')
    expect(await mailRows([reply.data.message.id])).toHaveLength(1)
  })

  it('is not sent for a message already read on the site', async () => {
    const world = await buildWorld()
    await send(guestThread('requests', world.request.id), world.guest.token, 'Hola, ¿aceptan mascotas?')
    await read(hostThread('requests', world.request.id), world.host.token)
    await ctx.app.runJobOnce(ctx.app.outboxJob)
    const mails = await readOutboxMails(mailDir, world.host.email)
    expect(mails).toHaveLength(0)
    const pending = await ctx.db
      .select()
      .from(outbox)
      .where(and(like(outbox.kind, 'mail:message%'), eq(outbox.status, 'pending')))
    expect(pending).toHaveLength(0)
  })
})

describe('unread counts', () => {
  it('list each side’s threads with the last message and what it has not read', async () => {
    const world = await buildWorld()
    await send(guestThread('reservations', world.paid.id), world.guest.token, 'Uno')
    await send(guestThread('reservations', world.paid.id), world.guest.token, 'Dos')
    await send(guestThread('requests', world.request.id), world.guest.token, 'Tres')

    const hostList = ThreadListResponseSchema.parse(
      (await call({ url: '/api/hosts/me/messages', token: world.host.token })).json(),
    )
    expect(
      hostList.data.threads.map((t) => [t.kind, t.counterpartName, t.lastMessage.body, t.unread]),
    ).toEqual([
      ['request', 'Ana', 'Tres', 1],
      ['reservation', 'Ana', 'Dos', 2],
    ])
    const guestList = ThreadListResponseSchema.parse(
      (await call({ url: '/api/messages', token: world.guest.token })).json(),
    )
    expect(guestList.data.threads.map((t) => [t.kind, t.counterpartName, t.unread])).toEqual([
      ['request', 'Cabañas Doña Lupe', 0],
      ['reservation', 'Cabañas Doña Lupe', 0],
    ])

    await read(hostThread('reservations', world.paid.id), world.host.token)
    const after = ThreadListResponseSchema.parse(
      (await call({ url: '/api/hosts/me/messages', token: world.host.token })).json(),
    )
    expect(after.data.threads.map((t) => t.unread)).toEqual([1, 0])
  })
})

describe('authorization', () => {
  it('answers nobody else a thread, nor writes in it', async () => {
    const world = await buildWorld()
    const secret = 'Texto privado de la conversación'
    await send(guestThread('reservations', world.paid.id), world.guest.token, secret)
    const otherGuest = await tokenFor((await insertClient(ctx.db)).id)
    const other = await buildWorld()

    const cases: [Call, number][] = [
      [{ url: guestThread('reservations', world.paid.id), token: null }, 401],
      [{ url: hostThread('reservations', world.paid.id), token: null }, 401],
      [{ url: '/api/messages', token: null }, 401],
      [{ url: guestThread('reservations', world.paid.id), token: otherGuest }, 404],
      [{ url: guestThread('reservations', world.paid.id), token: other.guest.token }, 404],
      [{ url: guestThread('requests', world.request.id), token: otherGuest }, 404],
      // The host is not the guest, and a guest is not a host.
      [{ url: guestThread('reservations', world.paid.id), token: world.host.token }, 404],
      [{ url: hostThread('reservations', world.paid.id), token: world.guest.token }, 403],
      [{ url: hostThread('reservations', world.paid.id), token: other.host.token }, 404],
      [{ url: hostThread('requests', world.request.id), token: other.host.token }, 404],
      // A request's id is not a reservation's.
      [{ url: guestThread('requests', world.paid.id), token: world.guest.token }, 404],
      [
        {
          method: 'POST',
          url: guestThread('reservations', world.paid.id),
          token: otherGuest,
          body: { body: 'Hola' },
        },
        404,
      ],
      [
        {
          method: 'POST',
          url: hostThread('reservations', world.paid.id),
          token: other.host.token,
          body: { body: 'Hola' },
        },
        404,
      ],
      [
        {
          method: 'POST',
          url: guestThread('reservations', world.paid.id),
          token: null,
          body: { body: 'Hola' },
        },
        401,
      ],
    ]
    for (const [request, status] of cases) {
      const res = await call(request)
      expect(res.statusCode, `${request.method ?? 'GET'} ${request.url}`).toBe(status)
      expect(res.body).not.toContain(secret)
      expect(res.json().message).toMatch(/[áéíóúñ]|sesión|conversación|anfitri/i)
    }
    const otherList = await call({ url: '/api/hosts/me/messages', token: other.host.token })
    expect(otherList.body).not.toContain(secret)
    const strangerList = await call({ url: '/api/messages', token: otherGuest })
    expect(strangerList.json().data.threads).toEqual([])
    // Nothing was written by the refused posts.
    const rows = await ctx.db
      .select()
      .from(threadMessages)
      .where(eq(threadMessages.reservationId, world.paid.id))
    expect(rows).toHaveLength(1)
  })

  it('refuses a cabin without a host in Cabañas MX', async () => {
    const guest = await insertClient(ctx.db)
    const cabin = await insertCabin(ctx.db)
    const stay = await insertReservation(ctx.db, {
      cabinId: cabin.id,
      clientId: guest.id,
      checkIn: '2026-07-01',
    })
    const res = await call({
      method: 'POST',
      url: guestThread('reservations', stay.id),
      token: await tokenFor(guest.id),
      body: { body: 'Hola' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(messageMessages.noHost)
  })
})

describe('bad input', () => {
  it.each([
    [{ body: '' }, messageMessages.required],
    [{ body: '   \n ' }, messageMessages.required],
    [{ body: 'a'.repeat(2001) }, messageMessages.tooLong],
    [{ body: 'hola\u0000' }, messageMessages.controlCharacters],
    [{ body: 42 }, messageMessages.notText],
    [{}, messageMessages.notText],
  ])('%j gets a 400 in Spanish', async (payload, message) => {
    const world = await buildWorld()
    const res = await call({
      method: 'POST',
      url: guestThread('reservations', world.paid.id),
      token: world.guest.token,
      body: payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, errorType: 'VALIDATION_ERROR', message })
  })

  it('answers 400 for an id that is not one', async () => {
    const world = await buildWorld()
    const res = await call({ url: '/api/messages/reservations/no-es-un-id', token: world.guest.token })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(messageMessages.threadNotFound)
  })

  it('takes 2000 characters, even when hiding contact data makes them longer', async () => {
    const world = await buildWorld()
    const body = '5512345678, '.repeat(166).trim()
    expect(body.length).toBeLessThanOrEqual(2000)
    const sent = await send(guestThread('requests', world.request.id), world.guest.token, body)
    expect(Array.from(sent.data.message.body)).toHaveLength(2000)
  })
})

describe('rate limits', () => {
  it('allow 5 messages a minute in a thread, then a Spanish 429 with Retry-After', async () => {
    const world = await buildWorld()
    const url = guestThread('reservations', world.paid.id)
    for (let n = 1; n <= 5; n++) await send(url, world.guest.token, `Mensaje ${n}`)
    const res = await call({ method: 'POST', url, token: world.guest.token, body: { body: 'Mensaje 6' } })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({ errorType: 'RATE_LIMITED', message: messageMessages.tooMany })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    // Another thread of the same guest still takes messages.
    await send(guestThread('requests', world.request.id), world.guest.token, 'Otra conversación')
    const rows = await ctx.db
      .select()
      .from(threadMessages)
      .where(eq(threadMessages.reservationId, world.paid.id))
    expect(rows).toHaveLength(5)
  })
})
