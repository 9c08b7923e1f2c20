import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { paymentWebhookEvents } from '../../db/schema.ts'

/** Records a delivery; false when the same event (transaction, type, status) was handled before. */
export async function markWebhookEventSeen(
  db: Database,
  event: { id: string; type: string; transactionId: string },
) {
  const rows = await db
    .insert(paymentWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id })
  return rows.length === 1
}

export async function isWebhookEventSeen(db: Database, id: string) {
  const rows = await db
    .select({ id: paymentWebhookEvents.id })
    .from(paymentWebhookEvents)
    .where(eq(paymentWebhookEvents.id, id))
    .limit(1)
  return rows.length === 1
}
