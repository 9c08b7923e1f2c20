import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/build-test-app.ts'
import { insertBlock, insertCabin, insertReservation } from '../test/factories.ts'
import type { DatabaseHandle } from './client.ts'
import { SQLSTATE, sqlStateOf } from './errors.ts'
import { cabinBlocks, cabinHolds, reservations } from './schema.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(() => handle.close())

async function sqlStateOfInsert(promise: Promise<unknown>) {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return sqlStateOf(error) ?? 'unknown error'
  }
}

describe('reservations_no_overlap exclusion constraint', () => {
  it('refuses a second live reservation that overlaps one night of another', async () => {
    const cabin = await insertCabin(handle.db)
    await insertReservation(handle.db, { cabinId: cabin.id, checkIn: '2026-07-10', checkOut: '2026-07-13' })
    const overlapping = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-07-12',
      checkOut: '2026-07-14',
      status: 'pending',
      paymentStatus: 'PENDING',
    })
    expect(await sqlStateOfInsert(overlapping)).toBe(SQLSTATE.exclusionViolation)
  })

  it('refuses a stay that contains another one entirely', async () => {
    const cabin = await insertCabin(handle.db)
    await insertReservation(handle.db, { cabinId: cabin.id, checkIn: '2026-08-05', checkOut: '2026-08-06' })
    const around = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-08-01',
      checkOut: '2026-08-10',
    })
    expect(await sqlStateOfInsert(around)).toBe(SQLSTATE.exclusionViolation)
  })

  it('accepts back-to-back stays: the check-out day is the next check-in', async () => {
    const cabin = await insertCabin(handle.db)
    await insertReservation(handle.db, { cabinId: cabin.id, checkIn: '2026-07-10', checkOut: '2026-07-13' })
    const next = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-07-13',
      checkOut: '2026-07-15',
    })
    const before = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-07-08',
      checkOut: '2026-07-10',
    })
    expect(await sqlStateOfInsert(next)).toBe('ok')
    expect(await sqlStateOfInsert(before)).toBe('ok')
  })

  it('lets cancelled and completed reservations overlap anything', async () => {
    const cabin = await insertCabin(handle.db)
    await insertReservation(handle.db, { cabinId: cabin.id, checkIn: '2026-09-01', checkOut: '2026-09-05' })
    const cancelled = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-09-02',
      checkOut: '2026-09-04',
      status: 'cancelled',
      paymentStatus: 'FAILED',
    })
    const completed = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-09-03',
      checkOut: '2026-09-06',
      status: 'completed',
    })
    expect(await sqlStateOfInsert(cancelled)).toBe('ok')
    expect(await sqlStateOfInsert(completed)).toBe('ok')
  })

  it('keeps different cabins independent', async () => {
    const first = await insertCabin(handle.db)
    const second = await insertCabin(handle.db)
    await insertReservation(handle.db, { cabinId: first.id, checkIn: '2026-10-01', checkOut: '2026-10-04' })
    const other = insertReservation(handle.db, {
      cabinId: second.id,
      checkIn: '2026-10-01',
      checkOut: '2026-10-04',
    })
    expect(await sqlStateOfInsert(other)).toBe('ok')
  })

  it('refuses a stay whose check-out is not after its check-in', async () => {
    const cabin = await insertCabin(handle.db)
    const empty = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-11-01',
      checkOut: '2026-11-01',
    })
    expect(await sqlStateOfInsert(empty)).toBe(SQLSTATE.checkViolation)
  })

  it('refuses an unknown status', async () => {
    const cabin = await insertCabin(handle.db)
    const odd = insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-12-01',
      status: 'confirmed' as 'active',
    })
    expect(await sqlStateOfInsert(odd)).toBe(SQLSTATE.checkViolation)
  })
})

describe('cabin_holds: blocks and live reservations share one exclusion constraint (migration 0018)', () => {
  const holdsOf = (cabinId: string) =>
    handle.db
      .select({
        startsOn: cabinHolds.startsOn,
        endsOn: cabinHolds.endsOn,
        reservationId: cabinHolds.reservationId,
        blockId: cabinHolds.blockId,
      })
      .from(cabinHolds)
      .where(eq(cabinHolds.cabinId, cabinId))
      .orderBy(asc(cabinHolds.startsOn))

  it('refuses a block over a live reservation, and a reservation over a block', async () => {
    const cabin = await insertCabin(handle.db)
    await insertReservation(handle.db, { cabinId: cabin.id, checkIn: '2026-07-10', checkOut: '2026-07-13' })
    await insertBlock(handle.db, { cabinId: cabin.id, startsOn: '2026-07-20', endsOn: '2026-07-22' })
    expect(
      await sqlStateOfInsert(
        insertBlock(handle.db, { cabinId: cabin.id, startsOn: '2026-07-12', endsOn: '2026-07-14' }),
      ),
    ).toBe(SQLSTATE.exclusionViolation)
    for (const status of ['pending', 'active'] as const) {
      const over = insertReservation(handle.db, {
        cabinId: cabin.id,
        checkIn: '2026-07-21',
        checkOut: '2026-07-23',
        status,
      })
      expect(await sqlStateOfInsert(over)).toBe(SQLSTATE.exclusionViolation)
    }
    // Back to back with both: the last day is free.
    expect(
      await sqlStateOfInsert(
        insertBlock(handle.db, { cabinId: cabin.id, startsOn: '2026-07-13', endsOn: '2026-07-20' }),
      ),
    ).toBe('ok')
    expect(await holdsOf(cabin.id)).toHaveLength(3)
  })

  it('refuses two overlapping blocks, and keeps cabins apart', async () => {
    const cabin = await insertCabin(handle.db)
    const other = await insertCabin(handle.db)
    await insertBlock(handle.db, { cabinId: cabin.id, startsOn: '2026-08-01', endsOn: '2026-08-05' })
    expect(
      await sqlStateOfInsert(
        insertBlock(handle.db, { cabinId: cabin.id, startsOn: '2026-08-04', endsOn: '2026-08-06' }),
      ),
    ).toBe(SQLSTATE.exclusionViolation)
    expect(
      await sqlStateOfInsert(
        insertBlock(handle.db, { cabinId: other.id, startsOn: '2026-08-01', endsOn: '2026-08-05' }),
      ),
    ).toBe('ok')
  })

  it('follows a reservation: held while pending or active, released when cancelled, completed or deleted', async () => {
    const cabin = await insertCabin(handle.db)
    const stay = await insertReservation(handle.db, {
      cabinId: cabin.id,
      checkIn: '2026-09-10',
      checkOut: '2026-09-12',
      status: 'pending',
      paymentStatus: 'PENDING',
    })
    const held = [{ startsOn: '2026-09-10', endsOn: '2026-09-12', reservationId: stay.id, blockId: null }]
    expect(await holdsOf(cabin.id)).toEqual(held)
    await handle.db
      .update(reservations)
      .set({ status: 'active', paymentStatus: 'PAID' })
      .where(eq(reservations.id, stay.id))
    expect(await holdsOf(cabin.id)).toEqual(held)
    // Moved to other dates: the hold moves with it.
    await handle.db
      .update(reservations)
      .set({ checkIn: '2026-09-11', checkOut: '2026-09-14' })
      .where(eq(reservations.id, stay.id))
    expect(await holdsOf(cabin.id)).toEqual([{ ...held[0], startsOn: '2026-09-11', endsOn: '2026-09-14' }])
    await handle.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, stay.id))
    expect(await holdsOf(cabin.id)).toEqual([])
    // The nights are free for a block now.
    const block = await insertBlock(handle.db, {
      cabinId: cabin.id,
      startsOn: '2026-09-10',
      endsOn: '2026-09-14',
    })
    expect(await holdsOf(cabin.id)).toEqual([
      { startsOn: '2026-09-10', endsOn: '2026-09-14', reservationId: null, blockId: block.id },
    ])
    // A cancelled stay coming back to life over the block is refused.
    const back = handle.db.update(reservations).set({ status: 'active' }).where(eq(reservations.id, stay.id))
    expect(await sqlStateOfInsert(back)).toBe(SQLSTATE.exclusionViolation)

    const done = await insertReservation(handle.db, { cabinId: cabin.id, checkIn: '2026-09-20' })
    await handle.db.update(reservations).set({ status: 'completed' }).where(eq(reservations.id, done.id))
    const gone = await insertReservation(handle.db, { cabinId: cabin.id, checkIn: '2026-09-25' })
    await handle.db.delete(reservations).where(eq(reservations.id, gone.id))
    expect(await holdsOf(cabin.id)).toHaveLength(1)
  })

  it('follows a block moved or deleted', async () => {
    const cabin = await insertCabin(handle.db)
    const block = await insertBlock(handle.db, {
      cabinId: cabin.id,
      startsOn: '2026-10-01',
      endsOn: '2026-10-03',
    })
    await handle.db.update(cabinBlocks).set({ endsOn: '2026-10-05' }).where(eq(cabinBlocks.id, block.id))
    expect(await holdsOf(cabin.id)).toEqual([
      { startsOn: '2026-10-01', endsOn: '2026-10-05', reservationId: null, blockId: block.id },
    ])
    await handle.db.delete(cabinBlocks).where(eq(cabinBlocks.id, block.id))
    expect(await holdsOf(cabin.id)).toEqual([])
  })

  it('refuses a note over 200 characters and an unknown source', async () => {
    const cabin = await insertCabin(handle.db)
    const long = insertBlock(handle.db, { cabinId: cabin.id, startsOn: '2026-11-01', note: 'x'.repeat(201) })
    const source = insertBlock(handle.db, {
      cabinId: cabin.id,
      startsOn: '2026-11-05',
      source: 'airbnb' as 'host',
    })
    expect(await sqlStateOfInsert(long)).toBe(SQLSTATE.checkViolation)
    expect(await sqlStateOfInsert(source)).toBe(SQLSTATE.checkViolation)
  })
})
