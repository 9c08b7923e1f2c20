import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ChargeResponseSchema } from '@cabanas/domain/bookings'
import { eq, like } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { idempotencyKeys, outbox } from '../../db/schema.ts'
import { createSecretBox, installSecretBox } from '../../lib/secret-box.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { chargeRequestBody, newClientIp, startSandbox } from '../../test/sandbox-test-kit.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'

// Issue 19, point 3: the trip page's access token is given once, in the charge's answer, and waits in
// the database (the Idempotency-Key's stored answer, 24 h; the queued mail) only sealed.
const SECRETS_KEY = 'llave-de-secretos-de-esta-prueba-de-cobros-0001'
const mailDir = mkdtempSync(path.join(tmpdir(), 'cabanas-sealed-'))
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ today: '2026-06-01', env: { SECRETS_KEY, MAIL_OUTBOX_DIR: mailDir } })
})
afterAll(() => sandbox.ctx.close())

const db = () => sandbox.ctx.db
const app = () => sandbox.ctx.app
let ip: string
let key: string
let counter = 0
beforeEach(() => {
  ip = newClientIp()
  counter += 1
  key = `sealed-${counter}-${Date.now()}`
})
afterEach(() => {
  // A test that plays a restart with other keys puts this process's own back.
  installSecretBox(createSecretBox(loadConfig({ SECRETS_KEY }).secretsKeys))
})

async function storedAnswer() {
  const [row] = await db()
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key))
  return must(row, 'row').response as { data: { accessToken?: string } }
}

const queuedMailsText = async () =>
  JSON.stringify(
    await db().select({ payload: outbox.payload }).from(outbox).where(like(outbox.kind, 'mail:%')),
  )

async function pay(cabinId: string, stay: { checkIn: string; checkOut: string }, email: string) {
  const body = chargeRequestBody(await sandbox.tokenFor('4111111111111111'), cabinId, stay, { email })
  const first = await sandbox.charge(body, { ip, headers: { 'idempotency-key': key } })
  return { body, first, data: ChargeResponseSchema.parse(first.json()).data }
}

const openTrip = (id: string, token: string) =>
  app().inject({ url: `/api/bookings/${id}`, headers: { 'x-reservation-token': token } })

describe('the access token of a charge', () => {
  it('is stored sealed, and a replay of the key still gives the guest a link that opens the trip', async () => {
    const cabin = await insertCabin(db())
    const email = 'sellada@ejemplo.mx'
    const { body, first, data } = await pay(
      cabin.id,
      { checkIn: '2026-07-01', checkOut: '2026-07-03' },
      email,
    )
    expect(first.statusCode).toBe(200)
    const token = must(data.accessToken, 'data.accessToken')
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)

    const stored = await storedAnswer()
    expect(JSON.stringify(stored)).not.toContain(token)
    expect(stored.data.accessToken).toMatch(/^s1\./)
    expect(await queuedMailsText()).not.toContain(token)

    const replay = await sandbox.charge(body, { ip, headers: { 'idempotency-key': key } })
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    expect((await openTrip(data.reservationId, token)).statusCode).toBe(200)

    // The mail goes out with the same token, in the link's fragment; the row then keeps nothing.
    expect(await app().runJobOnce(app().outboxJob)).toBe(true)
    const [mail] = await readOutboxMails(mailDir, email)
    expect(must(mail, 'mail').text).toContain(`/reserva/${data.reservationId}#token=${token}\n`)
    expect(must(mail, 'mail').text).not.toContain('?token=')
    expect(await queuedMailsText()).not.toContain(token)
  })

  it('is stored sealed in a 202 (payment being verified) too, and replayed', async () => {
    const cabin = await insertCabin(db())
    await sandbox.setFault({ mode: 'error5xx' })
    const { body, first, data } = await pay(
      cabin.id,
      { checkIn: '2026-07-05', checkOut: '2026-07-07' },
      'pendiente.sellada@ejemplo.mx',
    )
    expect(first.statusCode).toBe(202)
    const token = must(data.accessToken, 'data.accessToken')
    expect(JSON.stringify(await storedAnswer())).not.toContain(token)
    expect(await queuedMailsText()).not.toContain(token)
    const replay = await sandbox.charge(body, { ip, headers: { 'idempotency-key': key } })
    expect(replay.statusCode).toBe(202)
    expect(ChargeResponseSchema.parse(replay.json()).data.accessToken).toBe(token)
  })

  it('opens after a key rotation that keeps the old key; with the old key dropped the replay comes without it', async () => {
    const cabin = await insertCabin(db())
    const { body, data } = await pay(
      cabin.id,
      { checkIn: '2026-07-10', checkOut: '2026-07-12' },
      'rotada@ejemplo.mx',
    )
    const newKey = 'la-llave-nueva-de-secretos-tras-la-rotacion-01'
    installSecretBox(createSecretBox({ current: newKey, previous: [SECRETS_KEY] }))
    const rotated = await sandbox.charge(body, { ip, headers: { 'idempotency-key': key } })
    expect(ChargeResponseSchema.parse(rotated.json()).data.accessToken).toBe(data.accessToken)

    installSecretBox(createSecretBox({ current: newKey, previous: [] }))
    const dropped = await sandbox.charge(body, { ip, headers: { 'idempotency-key': key } })
    expect(dropped.statusCode).toBe(200)
    const answer = ChargeResponseSchema.parse(dropped.json()).data
    expect(answer).toMatchObject({ reservationId: data.reservationId, status: 'succeeded' })
    expect(answer.accessToken).toBeUndefined()
  })

  it('stored in clear before sealing existed, is replayed as it was and sealed at the next start', async () => {
    const cabin = await insertCabin(db())
    const { body, first, data } = await pay(
      cabin.id,
      { checkIn: '2026-07-14', checkOut: '2026-07-16' },
      'antigua@ejemplo.mx',
    )
    const token = must(data.accessToken, 'data.accessToken')
    // As the previous version stored it.
    await db().update(idempotencyKeys).set({ response: first.json() }).where(eq(idempotencyKeys.key, key))
    expect(JSON.stringify(await storedAnswer())).toContain(token)

    const replay = await sandbox.charge(body, { ip, headers: { 'idempotency-key': key } })
    expect(ChargeResponseSchema.parse(replay.json()).data.accessToken).toBe(token)

    await sandbox.ctx.buildTwin()
    expect(JSON.stringify(await storedAnswer())).not.toContain(token)
    const again = await sandbox.charge(body, { ip, headers: { 'idempotency-key': key } })
    expect(again.json()).toEqual(first.json())
  })
})
