import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../db/schema.ts'
import { buildTestApp } from '../test/build-test-app.ts'
import { enqueueOutbox, OUTBOX_MAX_ATTEMPTS, retryDelaySeconds } from './outbox.ts'

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
  return row!
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
    expect(row!.doneAt).not.toBeNull()

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
