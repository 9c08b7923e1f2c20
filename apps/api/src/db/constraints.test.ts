import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/build-test-app.ts'
import { insertCabin, insertReservation } from '../test/factories.ts'
import type { DatabaseHandle } from './client.ts'
import { SQLSTATE, sqlStateOf } from './errors.ts'

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
