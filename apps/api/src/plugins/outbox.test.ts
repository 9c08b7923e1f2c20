import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../db/schema.ts'
import { buildTestApp } from '../test/build-test-app.ts'
import { must } from '../test/must.ts'
import {
  drainOutbox,
  enqueueOutbox,
  OUTBOX_LEASE_SECONDS,
  OUTBOX_MAX_ATTEMPTS,
  type OutboxHandler,
  retryDelaySeconds,
} from './outbox.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
const seen: Record<string, unknown>[] = []
let failures = 0
beforeAll(async () => {
  ctx = await buildTestApp()
  ctx.app.handleOutbox('test-ok', async (payload) => {
    seen.push(payload)
    return { kept: 'id-only' }
  })
  ctx.app.handleOutbox('test-broken', async () => {
    failures += 1
    throw Object.assign(new Error('connect ECONNREFUSED for ana@ejemplo.mx'), { code: 'ECONNREFUSED' })
  })
})
afterAll(() => ctx.close())

const run = () => ctx.app.runJobOnce(ctx.app.outboxJob)
const rowOf = async (marker: string) => {
  const [row] = await ctx.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'marker' = ${marker} or ${outbox.id}::text = ${marker}`)
  return must(row, 'row')
}

describe('outbox', () => {
  it('runs a due row once, marks it done and keeps only what the handler returns', async () => {
    await enqueueOutbox(ctx.db, { kind: 'test-ok', payload: { marker: 'uno', email: 'ana@ejemplo.mx' } })
    expect(await run()).toBe(true)
    expect(seen).toContainEqual({ marker: 'uno', email: 'ana@ejemplo.mx' })
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'test-ok'))
    expect(row).toMatchObject({
      status: 'done',
      attempts: 1,
      payload: { kept: 'id-only' },
      lastErrorCode: null,
    })
    expect(must(row, 'row').doneAt).not.toBeNull()

    await run()
    expect(seen.filter((payload) => payload.marker === 'uno')).toHaveLength(1)
  })

  it('enqueues inside the caller transaction: a rollback leaves no row', async () => {
    await ctx.db
      .transaction(async (tx) => {
        await enqueueOutbox(tx, { kind: 'test-ok', payload: { marker: 'revertido' } })
        throw new Error('rollback')
      })
      .catch(() => {})
    const rows = await ctx.db.select().from(outbox).where(sql`${outbox.payload}->>'marker' = 'revertido'`)
    expect(rows).toEqual([])
  })

  it('retries a failing row with exponential backoff, records only the error code, then fails it', async () => {
    await enqueueOutbox(ctx.db, { kind: 'test-broken', payload: { marker: 'roto', email: 'ana@ejemplo.mx' } })
    await run()
    let row = await rowOf('roto')
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastErrorCode: 'ECONNREFUSED' })
    const wait = (row.runAfter.getTime() - Date.now()) / 1000
    expect(wait).toBeGreaterThan(retryDelaySeconds(1) - 5)
    expect(wait).toBeLessThanOrEqual(retryDelaySeconds(1) + 1)

    // Not due yet: the next run leaves it alone.
    const before = failures
    await run()
    expect(failures).toBe(before)

    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await ctx.db
        .update(outbox)
        .set({ runAfter: sql`now() - interval '1 second'` })
        .where(eq(outbox.id, row.id))
      await run()
    }
    row = await rowOf(row.id)
    expect(row).toMatchObject({
      status: 'failed',
      attempts: OUTBOX_MAX_ATTEMPTS,
      lastErrorCode: 'ECONNREFUSED',
    })
    expect(row.payload).toEqual({})
    expect(failures - before).toBe(OUTBOX_MAX_ATTEMPTS - 1)
  })

  it('records a row that ran even if the database fails for a moment, so its work is not done twice', async () => {
    // The first two attempts to mark the row done fail, as while PostgreSQL restarts after the send.
    await ctx.db.execute(sql`create sequence outbox_flaky_seq`)
    await ctx.db.execute(sql`create function outbox_flaky() returns trigger language plpgsql as $$
      begin
        if nextval('outbox_flaky_seq') <= 2 then raise exception 'the database went away'; end if;
        return new;
      end $$`)
    await ctx.db.execute(sql`create trigger outbox_flaky before update on outbox for each row
      when (new.status = 'done' and old.payload->>'marker' = 'inestable') execute function outbox_flaky()`)
    try {
      await enqueueOutbox(ctx.db, { kind: 'test-ok', payload: { marker: 'inestable' } })
      const { id } = await rowOf('inestable')
      await run()
      const sent = () => seen.filter((payload) => payload.marker === 'inestable')
      expect(sent()).toHaveLength(1)
      expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 1, payload: { kept: 'id-only' } })
      await run()
      expect(sent()).toHaveLength(1)
    } finally {
      await ctx.db.execute(sql`drop trigger outbox_flaky on outbox`)
    }
  })

  it('doubles the delay after each failure up to an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600])
  })

  it('keeps a row of a kind without a handler for later, with the code NO_HANDLER', async () => {
    await enqueueOutbox(ctx.db, { kind: 'test-unknown', payload: { marker: 'sin-manejador' } })
    await run()
    expect(await rowOf('sin-manejador')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastErrorCode: 'NO_HANDLER',
    })
  })
})

describe('outbox leases', () => {
  /** A handler that counts its runs by marker and, when `slow`, waits on each row until released. */
  function slowSender({ slow }: { slow: boolean }) {
    const runs: string[] = []
    const gates = new Map<string, () => void>()
    const started = new Map<string, Promise<void>>()
    const entered = new Map<string, () => void>()
    let firstStarted = () => {}
    const anyStarted = new Promise<string>((resolve) => {
      firstStarted = () => resolve(must(runs[0], 'runs[0]'))
    })
    const handler: OutboxHandler = async (payload) => {
      const marker = String(payload.marker)
      runs.push(marker)
      entered.get(marker)?.()
      firstStarted()
      if (slow) await new Promise<void>((resolve) => gates.set(marker, resolve))
      return undefined
    }
    return {
      runs,
      handlers: new Map([['test-lease', handler]]),
      /** Resolves once the handler has started on `marker`. */
      startOf: (marker: string) => {
        if (!started.has(marker))
          started.set(marker, new Promise<void>((resolve) => entered.set(marker, resolve)))
        return must(started.get(marker), 'started.get(marker)')
      },
      /** The marker of the first row the handler started on. */
      anyStarted,
      release: (marker: string) => gates.get(marker)?.(),
    }
  }
  /** Enqueues a row due `secondsAgo`; its id (a done row keeps an empty payload, no marker). */
  const enqueueLeaseTest = async (marker: string, secondsAgo: number) => {
    await enqueueOutbox(ctx.db, { kind: 'test-lease', payload: { marker } })
    const [row] = await ctx.db
      .update(outbox)
      .set({ runAfter: sql`now() - make_interval(secs => ${secondsAgo})` })
      .where(sql`${outbox.payload}->>'marker' = ${marker}`)
      .returning({ id: outbox.id })
    return must(row, 'row').id
  }
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('leases a claimed row for a minute, not five: a drain that dies leaves it to the next one soon', async () => {
    const sender = slowSender({ slow: true })
    const id = await enqueueLeaseTest('lease-minute', 1)
    const draining = drainOutbox(ctx.db, sender.handlers, ctx.app.log)
    await sender.startOf('lease-minute')
    const row = await rowOf(id)
    const leaseLeft = (row.runAfter.getTime() - Date.now()) / 1000
    expect(OUTBOX_LEASE_SECONDS).toBeLessThanOrEqual(60)
    expect(leaseLeft).toBeGreaterThan(OUTBOX_LEASE_SECONDS - 10)
    expect(leaseLeft).toBeLessThanOrEqual(OUTBOX_LEASE_SECONDS + 1)
    sender.release('lease-minute')
    await draining
    expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('a slow send keeps its row: a second drain after the first lease would have ended does not send it again', async () => {
    const first = slowSender({ slow: true })
    const second = slowSender({ slow: false })
    const lease = { leaseSeconds: 1, renewEveryMs: 200 }
    const id = await enqueueLeaseTest('lenta', 1)
    const draining = drainOutbox(ctx.db, first.handlers, ctx.app.log, lease)
    await first.startOf('lenta')
    // Twice the lease later, the send still going on: the heartbeat has kept the row.
    await wait(2000)
    await drainOutbox(ctx.db, second.handlers, ctx.app.log, lease)
    expect(second.runs).not.toContain('lenta')
    first.release('lenta')
    await draining
    expect(first.runs.filter((marker) => marker === 'lenta')).toHaveLength(1)
    expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 1 })
  })

  it("a row of a drain's batch that another drain took over meanwhile is not run by both", async () => {
    const first = slowSender({ slow: true })
    const second = slowSender({ slow: false })
    // No renewal during the test: as if the first drain stalled past its lease.
    const lease = { leaseSeconds: 60, renewEveryMs: 60_000 }
    const ids = new Map([
      ['una', await enqueueLeaseTest('una', 1)],
      ['otra', await enqueueLeaseTest('otra', 1)],
    ])
    const draining = drainOutbox(ctx.db, first.handlers, ctx.app.log, lease)
    // The first drain claimed both and is slow on one; the other's lease ends meanwhile.
    const running = await first.anyStarted
    const waiting = running === 'una' ? 'otra' : 'una'
    const id = must(ids.get(waiting), 'ids.get(waiting)')
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 })
    await ctx.db.update(outbox).set({ runAfter: sql`now() - interval '1 second'` }).where(eq(outbox.id, id))
    await drainOutbox(ctx.db, second.handlers, ctx.app.log, lease)
    expect(second.runs).toEqual([waiting])
    first.release(running)
    await draining
    expect(first.runs).toEqual([running])
    expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 2 })
  })
})
