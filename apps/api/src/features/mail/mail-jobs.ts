import type { Database } from '../../db/client.ts'
import { enqueueOutbox } from '../../plugins/outbox.ts'

/**
 * Every transactional mail the product sends. A mail is an outbox row written in the same
 * transaction as the event that causes it; the mail feature renders and sends it later, reading
 * what it shows from the database at that moment (payloads carry ids, plus the one secret a link
 * needs, blanked once sent).
 */
export type MailJob =
  /** Paid: cabin, address and map link, dates, guests, nights, total, id, check-in, .ics, trip link. */
  | { template: 'reservation-confirmed'; reservationId: string; accessToken?: string }
  /** The charge's outcome is unknown (202): we are verifying it; do not pay again. */
  | { template: 'payment-pending'; reservationId: string; accessToken?: string }
  /** A pending payment settled by reconciliation or a webhook: confirmed, or failed and released. */
  | { template: 'payment-settled'; reservationId: string; outcome: 'confirmed' | 'failed' }
  | { template: 'reservation-cancelled'; reservationId: string }
  /** 'Solicitar reserva': stored, waiting for the host. */
  | { template: 'booking-request-received'; bookingRequestId: string }
  /** 'Confirma tu correo': the link sets isEmailVerified. */
  | { template: 'verify-email'; clientId: string; token: string }
  /** 'Cambiar correo': the link to the new address (the change waits for it). */
  | { template: 'verify-new-email'; clientId: string; email: string; token: string }
  /** 'Cambiar correo': the notice to the current address (what to do if it was not them). */
  | { template: 'email-change-requested'; clientId: string; newEmail: string }

export type MailTemplate = MailJob['template']

export const MAIL_KIND_PREFIX = 'mail:'

export async function enqueueMail(db: Database, job: MailJob): Promise<void> {
  const { template, ...payload } = job
  await enqueueOutbox(db, { kind: `${MAIL_KIND_PREFIX}${template}`, payload })
}
