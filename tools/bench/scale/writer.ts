import { addDays, type CalendarDate } from '@cabanas/domain/shared'
import pg from 'pg'
import { pickWith } from '../seeded.ts'

/**
 * One kind of write bench:scale makes while it measures: `write` runs `perSecond` times a second and
 * resolves to whether the write was taken (a refusal or an error counts as refused). Its name is a
 * literal type, so the counts of a writer name exactly the parts it runs.
 */
export type WriterPart<Name extends string = string> = {
  name: Name
  perSecond: number
  write: () => Promise<boolean>
  close?: () => Promise<void>
}

export type WriteCounts<Name extends string = string> = Record<Name, { done: number; refused: number }>

/** Runs every part at its own rate until stopped; then what each one got done, by the part's name. */
export function startWriter<Name extends string>(parts: WriterPart<Name>[]) {
  // Every part's name is a key: the entries are built from the same parts.
  const counts = Object.fromEntries(
    parts.map((part) => [part.name, { done: 0, refused: 0 }]),
  ) as WriteCounts<Name>
  let stopped = false
  const pending = new Set<Promise<void>>()
  const timers = parts.map((part) =>
    setInterval(() => {
      if (stopped) return
      const count = counts[part.name]
      const write = part
        .write()
        .then(
          (ok) => {
            if (ok) count.done++
            else count.refused++
          },
          () => {
            count.refused++
          },
        )
        .finally(() => pending.delete(write))
      pending.add(write)
    }, 1000 / part.perSecond),
  )
  return {
    async stop(): Promise<WriteCounts<Name>> {
      stopped = true
      for (const timer of timers) clearInterval(timer)
      await Promise.all(pending)
      for (const part of parts) await part.close?.()
      return counts
    },
  }
}

/**
 * Guests booking: stays in random cabins 100–400 days ahead (past the seeded ones), inserted as the
 * checkout's confirmation leaves them (one PostgreSQL connection of its own).
 */
export function bookingWrites(
  url: string,
  cabinIds: readonly string[],
  { perSecond, today, random }: { perSecond: number; today: CalendarDate; random: () => number },
): WriterPart<'reservas'> {
  const client = new pg.Client({ connectionString: url })
  const connected = client.connect()
  // One query at a time on the connection (pg queues them anyway, with a deprecation warning).
  let previous: Promise<unknown> = connected.catch(() => {})
  return {
    name: 'reservas',
    perSecond,
    async write() {
      const checkIn = addDays(today, 100 + Math.floor(random() * 300))
      const nights = 1 + Math.floor(random() * 4)
      const cabinId = pickWith(random, cabinIds)
      const insert = previous.then(() => insertStay(client, cabinId, checkIn, nights))
      previous = insert.catch(() => {})
      await insert
      return true
    },
    async close() {
      await previous
      await client.end().catch(() => {})
    },
  }
}

function insertStay(client: pg.Client, cabinId: string, checkIn: CalendarDate, nights: number) {
  return client.query(
    `INSERT INTO reservations (cabin_id, check_in, check_out, guests, status, payment_status, nights,
           total_price, service_commission, guest_first_name, guest_last_name, guest_email, guest_phone)
         VALUES ($1, $2::date, $2::date + $3::int, 2, 'active', 'PAID', $3, $3 * 250000, $3 * 30000,
           'Ana', 'Rodríguez', 'ana@ejemplo.mx', '5512345678')`,
    [cabinId, checkIn, nights],
  )
}
