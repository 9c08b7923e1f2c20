import type { Database } from '../../db/client.ts'
import { isSealed, secretBox } from '../../lib/secret-box.ts'
import { enqueueOutbox } from '../../plugins/outbox.ts'

/**
 * Every transactional mail the product sends. A mail is an outbox row written in the same
 * transaction as the event that causes it; the mail feature renders and sends it later, reading
 * what it shows from the database at that moment (payloads carry ids, plus the one secret a link
 * needs: sealed while the row waits, see SECRET_FIELDS, and blanked once sent).
 */
export type MailJob =
  /** Paid: cabin, address and map link, dates, guests, nights, total, id, check-in, .ics, trip link. */
  | { template: 'reservation-confirmed'; reservationId: string; accessToken?: string }
  /** The charge's outcome is unknown (202): we are verifying it; do not pay again. */
  | { template: 'payment-pending'; reservationId: string; accessToken?: string }
  /** A pending payment settled by reconciliation or a webhook: confirmed, or failed and released. */
  | { template: 'payment-settled'; reservationId: string; outcome: 'confirmed' | 'failed' }
  /** Cancelled by the guest; `accessToken` when they cancelled with the link's secret. */
  | { template: 'reservation-cancelled'; reservationId: string; refund?: number; accessToken?: string }
  /** A new trip link the guest asked for on the trip page (to the reservation's own address). */
  | { template: 'trip-link'; reservationId: string; accessToken: string }
  /** 'Solicitar reserva': stored, waiting for the host. */
  | { template: 'booking-request-received'; bookingRequestId: string }
  /** 'Confirma tu correo': the link sets isEmailVerified. */
  | { template: 'verify-email'; clientId: string; token: string }
  /** 'Cambiar correo': the link to the new address (the change waits for it). */
  | { template: 'verify-new-email'; clientId: string; email: string; token: string }
  /** 'Cambiar correo': the notice to the current address (what to do if it was not them). */
  | { template: 'email-change-requested'; clientId: string; newEmail: string }
  /** An operator approved the host's listing: 'Tu cabaña ya está publicada', with its page. */
  | { template: 'listing-published'; listingId: string }
  /** An operator returned the host's listing with this reason (the host edits it and submits again). */
  | { template: 'listing-returned'; listingId: string; reason: string }
  /** An imported calendar brought events whose nights were taken here (the feed's conflicts, read at send). */
  | { template: 'calendar-conflicts'; feedId: string }
  /** A guest or a host wrote in a thread: its text (read at send) and the link to reply, to the other side. */
  | { template: 'message-received'; messageId: string }
  /** A request to book moved (templates-requests.ts): to the host or the guest; `token` is the pay link's. */
  | {
      template: 'booking-request-update'
      bookingRequestId: string
      event: RequestMailEvent
      token?: string
    }
  /** A paid stay cancelled with a full refund by its host or the operator: to the guest, with an apology. */
  | { template: 'stay-cancelled-for-guest'; reservationId: string; by: 'host' | 'operator' }
  /** The same cancellation, to the cabin's host: a confirmation (or the operator's notice). */
  | { template: 'stay-cancelled-for-host'; reservationId: string; by: 'host' | 'operator' }

export type MailTemplate = MailJob['template']

/** What happened to a request to book, each with its mail (templates-requests.ts): to the host or the guest. */
export const REQUEST_MAIL_EVENTS = [
  'host-new',
  'host-reminder',
  'guest-accepted',
  'guest-declined',
  'guest-expired',
  'host-expired',
  'guest-pay-expired',
  'host-pay-expired',
  'host-paid',
] as const
export type RequestMailEvent = (typeof REQUEST_MAIL_EVENTS)[number]

export const MAIL_KIND_PREFIX = 'mail:'

export async function enqueueMail(db: Database, job: MailJob): Promise<void> {
  const { template, ...payload } = job
  const kind = `${MAIL_KIND_PREFIX}${template}`
  await enqueueOutbox(db, { kind, payload: sealMailSecrets(kind, payload) })
}

/**
 * Payload fields that carry a link's secret, in any template (a trip link's access token, a
 * 'Confirma tu correo' or reset token). They never sit in the outbox in clear: sealed with
 * SECRETS_KEY (lib/secret-box.ts), bound to the row's kind, field and other values.
 */
export const SECRET_FIELDS: readonly string[] = ['accessToken', 'token']

/** What a sealed field is bound to: a sealed token moved to another mail or client does not open. */
function sealingContext(kind: string, field: string, payload: Record<string, unknown>): string {
  const others = Object.entries(payload)
    .filter(([name, value]) => !SECRET_FIELDS.includes(name) && typeof value === 'string')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
  return [kind, field, ...others].join('\n')
}

function mapSecrets(
  kind: string,
  payload: Record<string, unknown>,
  change: (value: string, context: string) => string,
): Record<string, unknown> {
  const result = { ...payload }
  for (const field of SECRET_FIELDS) {
    const value = payload[field]
    if (typeof value === 'string') result[field] = change(value, sealingContext(kind, field, payload))
  }
  return result
}

/** The payload as the outbox keeps it: every secret field sealed (one already sealed stays as it is). */
export function sealMailSecrets(kind: string, payload: Record<string, unknown>): Record<string, unknown> {
  return mapSecrets(kind, payload, (value, context) =>
    isSealed(value) ? value : secretBox().seal(value, context),
  )
}

/**
 * The payload as `enqueueMail` was given it. A row queued before sealing existed holds its token in
 * clear and is read as it is; one no configured key opens throws SECRET_UNREADABLE (the outbox
 * retries it, so restoring the old key in SECRETS_KEY_PREVIOUS within the hour still delivers it).
 */
export function openMailSecrets(kind: string, payload: Record<string, unknown>): Record<string, unknown> {
  return mapSecrets(kind, payload, (value, context) => secretBox().open(value, context))
}

/** The Message-ID of the mail an outbox row sends: the row's id, at the product's own domain. */
export function outboxMessageId(outboxId: string, publicUrl: string): string {
  return `<outbox.${outboxId}@${new URL(publicUrl).hostname}>`
}
