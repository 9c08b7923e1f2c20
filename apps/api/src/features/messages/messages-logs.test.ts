import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { signSession } from '../../lib/session-tokens.ts'
import { fixedClock } from '../../plugins/clock.ts'
import { openTestDatabase } from '../../test/build-test-app.ts'
import { insertCabin, insertClient, insertReservation } from '../../test/factories.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'

/** Every line the app logs, at the most verbose level. */
const logLines: string[] = []
let database: DatabaseHandle
let app: FastifyInstance
const outboxDir = mkdtempSync(path.join(tmpdir(), 'cabanas-mensajes-logs-'))

beforeAll(async () => {
  database = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    SEARCH_INDEX_MAX_STALENESS_MS: '0',
    RECONCILE_INTERVAL_MS: '0',
    OUTBOX_INTERVAL_MS: '0',
    MAIL_OUTBOX_DIR: outboxDir,
  })
  app = await buildApp({
    config,
    clock: fixedClock('2026-06-01'),
    database,
    logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
  rmSync(outboxDir, { recursive: true, force: true })
})

const token = async (clientId: string) =>
  (await signSession(app.sessionKey, { clientId, rememberMe: false, epoch: 0, now: new Date() })).token

it('logs a message by its ids, never its text nor anyone’s address', async () => {
  const host = await insertClient(database.db, { email: 'lupe.privada@correo-privado.mx' })
  const hostToken = await token(host.id)
  const profile = await app.inject({
    method: 'POST',
    url: '/api/hosts/me',
    headers: { authorization: `Bearer ${hostToken}` },
    payload: { displayName: 'Cabañas Doña Lupe', phone: '3398765432', clabe: '072320001122334455' },
  })
  expect(profile.statusCode).toBe(201)
  const cabin = await insertCabin(database.db, { hostId: host.id })
  const guest = await insertClient(database.db, { email: 'ximena.privada@correo-privado.mx' })
  const stay = await insertReservation(database.db, {
    cabinId: cabin.id,
    clientId: guest.id,
    checkIn: '2026-07-01',
  })
  const text = 'Texto secreto: llegamos tarde, mi cel es 55 8765 4321'
  const res = await app.inject({
    method: 'POST',
    url: `/api/messages/reservations/${stay.id}`,
    headers: { authorization: `Bearer ${await token(guest.id)}` },
    payload: { body: text },
  })
  expect(res.statusCode).toBe(201)
  await app.runJobOnce(app.outboxJob)
  expect(await readOutboxMails(outboxDir, host.email)).toHaveLength(1)

  const logs = logLines.join('\n')
  expect(logs).toContain('"msg":"message sent"')
  expect(logs).toContain(res.json().data.message.id)
  // The phone numbers as written, spaces and all: a bare '8765' also turns up in a timestamp.
  for (const secret of [
    'Texto secreto',
    '55 8765 4321',
    '3398765432',
    guest.email,
    host.email,
    'Doña Lupe',
  ]) {
    expect(logs).not.toContain(secret)
  }
})
