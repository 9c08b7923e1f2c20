import { DomainError } from '@cabanas/domain/shared'
import { eq } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { openTestDatabase } from '../test/build-test-app.ts'
import errorsPlugin from './errors.ts'
import { type IdempotentAnswer, type IdempotentRun, withIdempotencyKey } from './idempotency.ts'

// The wrapper on its own: a route that knows nothing of charges, whose handler each test scripts.
const messages = { badKey: 'Clave mala', mismatch: 'Otra solicitud', inProgress: 'Sigue en proceso' }
const LINKED = '0f8a3c3e-5d6b-4f53-9a8e-3b1f2a7c9d10'

let database: DatabaseHandle
let app: FastifyInstance
let handler: (run: IdempotentRun) => Promise<IdempotentAnswer>
let runs = 0
let resumed: string[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  app = Fastify()
  await app.register(errorsPlugin)
  app.post('/things', async (request, reply) =>
    withIdempotencyKey(
      request,
      reply,
      {
        db: database.db,
        messages,
        abandonedAfterSeconds: 3600,
        store: (body) => ({ kept: body }),
        // A refusal is kept as written (not through `store`), and replayed through this too.
        replay: (stored) => (stored as { kept?: unknown }).kept ?? stored,
        resume: async (linkedId) => {
          resumed.push(linkedId)
          return { statusCode: 200, body: { resumedFrom: linkedId } }
        },
      },
      async (run) => {
        runs += 1
        return handler(run)
      },
    ),
  )
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
})

let key: string
let counter = 0
beforeEach(() => {
  counter += 1
  key = `thing-${counter}-${Date.now()}`
  runs = 0
  resumed = []
  handler = async () => ({ statusCode: 201, body: { id: counter, name: 'cabaña' } })
})

const post = (body: object, headers: Record<string, string> = { 'idempotency-key': key }) =>
  app.inject({ method: 'POST', url: '/things', payload: body, headers })
const storedRow = async () =>
  (await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0]

describe('withIdempotencyKey', () => {
  it('replays the first answer, status and body, with Idempotent-Replayed: true, and runs once', async () => {
    const first = await post({ name: 'cabaña' })
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await post({ name: 'cabaña' })
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(runs).toBe(1)
    // What `store` made of it is what the key keeps.
    expect((await storedRow())?.response).toEqual({ kept: first.json() })
  })

  it('refuses the same key with another body (IDEMPOTENCY_MISMATCH) and runs nothing', async () => {
    await post({ name: 'cabaña' })
    const other = await post({ name: 'otra' })
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ errorType: 'IDEMPOTENCY_MISMATCH', message: messages.mismatch })
    expect(runs).toBe(1)
  })

  it('answers a second request with the key while the first still runs: IDEMPOTENCY_IN_PROGRESS', async () => {
    let finish = () => {}
    let started = () => {}
    const running = new Promise<void>((resolve) => {
      started = resolve
    })
    handler = () =>
      new Promise((resolve) => {
        finish = () => resolve({ statusCode: 200, body: { done: true } })
        started()
      })
    const first = post({ name: 'cabaña' })
    await running
    const second = await post({ name: 'cabaña' })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({
      errorType: 'IDEMPOTENCY_IN_PROGRESS',
      message: messages.inProgress,
    })
    finish()
    expect((await first).statusCode).toBe(200)
    expect(runs).toBe(1)
  })

  it('releases the key when the handler throws, so that a retry runs again', async () => {
    handler = async () => {
      throw new Error('the database went away')
    }
    expect((await post({ name: 'cabaña' })).statusCode).toBe(500)
    expect(await storedRow()).toBeUndefined()
    handler = async () => ({ statusCode: 200, body: { second: true } })
    const retry = await post({ name: 'cabaña' })
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual({ second: true })
    expect(runs).toBe(2)
  })

  it('keeps a refusal as the answer, but releases a 429 (a moment later the request may pass)', async () => {
    handler = async () => {
      throw new DomainError('CAPACITY_EXCEEDED', 'Demasiados huéspedes')
    }
    expect((await post({ name: 'cabaña' })).statusCode).toBe(400)
    const replay = await post({ name: 'cabaña' })
    expect(replay.statusCode).toBe(400)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toMatchObject({ errorType: 'CAPACITY_EXCEEDED', message: 'Demasiados huéspedes' })
    expect(runs).toBe(1)

    key = `${key}-429`
    handler = async () => {
      throw new DomainError('RATE_LIMITED', 'Espera un momento')
    }
    expect((await post({ name: 'cabaña' })).statusCode).toBe(429)
    expect(await storedRow()).toBeUndefined()
  })

  it('keeps a linked key in progress when the handler dies, and answers its retry through resume', async () => {
    handler = async (run) => {
      await run.link(database.db, LINKED)
      throw new Error('killed after the hold')
    }
    expect((await post({ name: 'cabaña' })).statusCode).toBe(500)
    expect(await storedRow()).toMatchObject({ statusCode: null, reservationId: LINKED })
    // Still within abandonedAfterSeconds: in progress.
    expect((await post({ name: 'cabaña' })).statusCode).toBe(409)
    // Long after: the retry takes it over and is answered from what was linked.
    await database.db
      .update(idempotencyKeys)
      .set({ updatedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(idempotencyKeys.key, key))
    const retry = await post({ name: 'cabaña' })
    expect(retry.statusCode).toBe(200)
    expect(retry.json()).toEqual({ resumedFrom: LINKED })
    expect(resumed).toEqual([LINKED])
    expect(runs).toBe(1)
  })

  it('refuses a malformed key with a 400, and runs without a key as a plain route', async () => {
    for (const bad of ['short', 'x'.repeat(101), 'con espacios']) {
      const answer = await post({ name: 'cabaña' }, { 'idempotency-key': bad })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ errorType: 'VALIDATION_ERROR', message: messages.badKey })
    }
    expect(runs).toBe(0)
    const plain = await post({ name: 'cabaña' }, {})
    const again = await post({ name: 'cabaña' }, {})
    expect([plain.statusCode, again.statusCode]).toEqual([201, 201])
    expect(again.headers['idempotent-replayed']).toBeUndefined()
    expect(runs).toBe(2)
  })
})
