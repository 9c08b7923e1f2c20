import { createHash, randomBytes } from 'node:crypto'
import type { ExportEvent } from '@cabanas/domain/calendar'
import { type CalendarDate, requireValue } from '@cabanas/domain/shared'
import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabinBlocks, cabinCalendarExports, cabinHolds } from '../../db/schema.ts'
import { secretBox } from '../../lib/secret-box.ts'

/* The export address's token and the events it shows (issue 22, point 5); the imported calendars are in calendar-import.queries.ts. */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const sealingContext = (cabinId: string) => `calendar-export:${cabinId}`

async function writeExportToken(db: Database, cabinId: string, replace: boolean): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  const values = {
    cabinId,
    tokenHash: hashToken(token),
    tokenSealed: secretBox().seal(token, sealingContext(cabinId)),
  }
  const insert = db.insert(cabinCalendarExports).values(values)
  await (replace
    ? insert.onConflictDoUpdate({
        target: cabinCalendarExports.cabinId,
        set: { ...values, createdAt: sql`now()` },
      })
    : insert.onConflictDoNothing())
  const [row] = await db
    .select({ tokenSealed: cabinCalendarExports.tokenSealed })
    .from(cabinCalendarExports)
    .where(eq(cabinCalendarExports.cabinId, cabinId))
  return secretBox().open(
    requireValue(row, 'the calendar export just written').tokenSealed,
    sealingContext(cabinId),
  )
}

/** The cabin's export token, made on first read. */
export async function readExportToken(db: Database, cabinId: string): Promise<string> {
  const [row] = await db
    .select({ tokenSealed: cabinCalendarExports.tokenSealed })
    .from(cabinCalendarExports)
    .where(eq(cabinCalendarExports.cabinId, cabinId))
  if (row) return secretBox().open(row.tokenSealed, sealingContext(cabinId))
  return writeExportToken(db, cabinId, false)
}

/** A new export token: the old one no longer finds the cabin. */
export function regenerateExportToken(db: Database, cabinId: string): Promise<string> {
  return writeExportToken(db, cabinId, true)
}

export async function findCabinByExportToken(db: Database, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null
  const [row] = await db
    .select({ cabinId: cabinCalendarExports.cabinId })
    .from(cabinCalendarExports)
    .where(eq(cabinCalendarExports.tokenHash, hashToken(token)))
  return row?.cabinId ?? null
}

/**
 * Every taken range of the cabin that ends after `today`: live reservations and the host's own blocks.
 * Blocks imported from another calendar (`source 'ical'`) are left out: echoed back, they would loop
 * between platforms (a stay cancelled upstream would stay blocked through its own echo).
 */
export async function listExportEvents(
  db: Database,
  cabinId: string,
  today: CalendarDate,
): Promise<ExportEvent[]> {
  const rows = await db
    .select({
      reservationId: cabinHolds.reservationId,
      blockId: cabinHolds.blockId,
      startsOn: cabinHolds.startsOn,
      endsOn: cabinHolds.endsOn,
    })
    .from(cabinHolds)
    .leftJoin(cabinBlocks, eq(cabinBlocks.id, cabinHolds.blockId))
    .where(
      and(
        eq(cabinHolds.cabinId, cabinId),
        gt(cabinHolds.endsOn, today),
        or(isNull(cabinBlocks.source), ne(cabinBlocks.source, 'ical')),
      ),
    )
    .orderBy(asc(cabinHolds.startsOn))
  return rows.map((row) => ({
    id: requireValue(row.reservationId ?? row.blockId, 'the reservation or block of a hold'),
    kind: row.reservationId ? 'reservation' : 'block',
    startsOn: row.startsOn as CalendarDate,
    endsOn: row.endsOn as CalendarDate,
  }))
}
