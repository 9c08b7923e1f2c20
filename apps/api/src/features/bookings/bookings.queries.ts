import { requireValue } from '@cabanas/domain/shared'
import type { Database } from '../../db/client.ts'
import { bookingRequests } from '../../db/schema.ts'

export async function insertBookingRequest(db: Database, values: typeof bookingRequests.$inferInsert) {
  const [row] = await db.insert(bookingRequests).values(values).returning({
    id: bookingRequests.id,
    status: bookingRequests.status,
    createdAt: bookingRequests.createdAt,
  })
  return requireValue(row, 'the inserted booking request')
}
