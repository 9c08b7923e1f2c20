import { z } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  findBookingRequestForMail,
  findCalendarConflictsForMail,
  findClientForMail,
  findListingForMail,
  findReservationForMail,
  findReservationHostForMail,
  sealQueuedMailSecrets,
} from './mail.queries.ts'
import {
  MAIL_KIND_PREFIX,
  type MailJob,
  type MailTemplate,
  openMailSecrets,
  outboxMessageId,
  REQUEST_MAIL_EVENTS,
} from './mail-jobs.ts'
import { createMailer, type Mailer } from './mailer.ts'
import { findMessageForMail } from './message-mail.queries.ts'
import { findRequestForUpdateMail } from './requests-mail.queries.ts'
import type { MailContext } from './templates.ts'
import {
  emailChangeRequestedMail,
  tripLinkMail,
  verifyEmailMail,
  verifyNewEmailMail,
} from './templates-account.ts'
import { stayCancelledForGuestMail, stayCancelledForHostMail } from './templates-host-reservations.ts'
import { calendarConflictsMail, listingPublishedMail, listingReturnedMail } from './templates-listings.ts'
import { messageReceivedMail } from './templates-messages.ts'
import { requestMail } from './templates-requests.ts'
import {
  bookingRequestReceivedMail,
  paymentPendingMail,
  paymentSettledMail,
  reservationCancelledMail,
  reservationConfirmedMail,
} from './templates-stay.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends one rendered mail now (SMTP, or an .eml file); throws when it could not. */
    mailer: Mailer
  }
}

/** The payload of each mail kind, as `enqueueMail` wrote it (its template moved into the kind). */
const payloadSchemas = {
  'reservation-confirmed': z.object({ reservationId: z.uuid(), accessToken: z.string().optional() }),
  'payment-pending': z.object({ reservationId: z.uuid(), accessToken: z.string().optional() }),
  'payment-settled': z.object({ reservationId: z.uuid(), outcome: z.enum(['confirmed', 'failed']) }),
  // The refund decided when the guest cancelled (absent in rows queued before deadlines existed).
  'reservation-cancelled': z.object({
    reservationId: z.uuid(),
    refund: z.number().int().nonnegative().optional(),
    accessToken: z.string().optional(),
  }),
  'trip-link': z.object({ reservationId: z.uuid(), accessToken: z.string().min(1) }),
  'booking-request-received': z.object({ bookingRequestId: z.uuid() }),
  'verify-email': z.object({ clientId: z.uuid(), token: z.string().min(1) }),
  'verify-new-email': z.object({ clientId: z.uuid(), email: z.string().min(3), token: z.string().min(1) }),
  'email-change-requested': z.object({ clientId: z.uuid(), newEmail: z.string().min(3) }),
  'listing-published': z.object({ listingId: z.uuid() }),
  'listing-returned': z.object({ listingId: z.uuid(), reason: z.string().min(1) }),
  'calendar-conflicts': z.object({ feedId: z.uuid() }),
  'message-received': z.object({ messageId: z.uuid() }),
  'booking-request-update': z.object({
    bookingRequestId: z.uuid(),
    event: z.enum(REQUEST_MAIL_EVENTS),
    token: z.string().min(1).optional(),
  }),
  'stay-cancelled-for-guest': z.object({ reservationId: z.uuid(), by: z.enum(['host', 'operator']) }),
  'stay-cancelled-for-host': z.object({ reservationId: z.uuid(), by: z.enum(['host', 'operator']) }),
} satisfies { [T in MailTemplate]: z.ZodType<Omit<Extract<MailJob, { template: T }>, 'template'>> }

type Payload<T extends MailTemplate> = z.infer<(typeof payloadSchemas)[T]>

/**
 * Transactional mail: the mailer, and one outbox handler per `mail:<template>` kind. A handler reads
 * what the mail shows from the database when it runs (a reservation or request that no longer
 * exists: nothing is sent), renders, sends, and keeps an empty payload, so an access or
 * verification token never outlives the send. Sending fails by throwing: the outbox retries with
 * backoff. These mails go out whatever the client's notification or newsletter preferences: those
 * govern marketing mail only. Logs carry ids and the kind, never an address, a token or a body.
 */
async function mailPlugin(app: FastifyInstance) {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    outboxDir: app.config.mailOutboxDir,
    from: app.config.mailFrom,
  })
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())

  const context = (): MailContext => ({
    publicUrl: app.config.publicUrl,
    now: app.clock.now(),
    from: app.config.mailFrom,
  })

  function handle<T extends MailTemplate>(
    template: T,
    send: (payload: Payload<T>, messageId: string) => Promise<Record<string, string> | null>,
  ) {
    const kind = `${MAIL_KIND_PREFIX}${template}`
    app.handleOutbox(kind, async (raw, item) => {
      const payload = payloadSchemas[template].parse(openMailSecrets(kind, raw)) as Payload<T>
      const ids = await send(payload, outboxMessageId(item.id, app.config.publicUrl))
      if (ids) app.log.info({ kind, ...ids }, 'mail sent')
      else app.log.info({ kind }, 'mail skipped: its subject no longer exists')
      return {}
    })
  }

  handle('reservation-confirmed', async ({ reservationId, accessToken }, messageId) => {
    const found = await findReservationForMail(app.db, reservationId)
    if (!found) return null
    await mailer.send({
      to: found.to,
      messageId,
      ...reservationConfirmedMail(context(), found.view, { accessToken }),
    })
    return { reservationId }
  })

  handle('payment-pending', async ({ reservationId, accessToken }, messageId) => {
    const found = await findReservationForMail(app.db, reservationId)
    if (!found) return null
    await mailer.send({
      to: found.to,
      messageId,
      ...paymentPendingMail(context(), found.view, { accessToken }),
    })
    return { reservationId }
  })

  handle('payment-settled', async ({ reservationId, outcome }, messageId) => {
    const found = await findReservationForMail(app.db, reservationId)
    if (!found) return null
    await mailer.send({ to: found.to, messageId, ...paymentSettledMail(context(), found.view, { outcome }) })
    return { reservationId }
  })

  handle('reservation-cancelled', async ({ reservationId, refund, accessToken }, messageId) => {
    const found = await findReservationForMail(app.db, reservationId)
    if (!found) return null
    await mailer.send({
      to: found.to,
      messageId,
      ...reservationCancelledMail(context(), found.view, { refund, accessToken }),
    })
    return { reservationId }
  })

  handle('trip-link', async ({ reservationId, accessToken }, messageId) => {
    const found = await findReservationForMail(app.db, reservationId)
    if (!found) return null
    await mailer.send({ to: found.to, messageId, ...tripLinkMail(context(), found.view, { accessToken }) })
    return { reservationId }
  })

  handle('booking-request-received', async ({ bookingRequestId }, messageId) => {
    const found = await findBookingRequestForMail(app.db, bookingRequestId)
    if (!found) return null
    await mailer.send({ to: found.to, messageId, ...bookingRequestReceivedMail(context(), found.view) })
    return { bookingRequestId }
  })

  handle('verify-email', async ({ clientId, token }, messageId) => {
    const client = await findClientForMail(app.db, clientId)
    if (!client) return null
    await mailer.send({
      to: client.email,
      messageId,
      ...verifyEmailMail(context(), { firstName: client.firstName, token }),
    })
    return { clientId }
  })

  handle('verify-new-email', async ({ clientId, email, token }, messageId) => {
    const client = await findClientForMail(app.db, clientId)
    if (!client) return null
    await mailer.send({
      to: email,
      messageId,
      ...verifyNewEmailMail(context(), { firstName: client.firstName, token }),
    })
    return { clientId }
  })

  handle('email-change-requested', async ({ clientId, newEmail }, messageId) => {
    const client = await findClientForMail(app.db, clientId)
    if (!client) return null
    await mailer.send({
      to: client.email,
      messageId,
      ...emailChangeRequestedMail(context(), { firstName: client.firstName, newEmail }),
    })
    return { clientId }
  })

  handle('listing-published', async ({ listingId }, messageId) => {
    const found = await findListingForMail(app.db, listingId)
    if (!found?.cabinId) return null
    await mailer.send({
      to: found.email,
      messageId,
      ...listingPublishedMail(context(), { ...found, cabinId: found.cabinId }),
    })
    return { listingId }
  })

  handle('listing-returned', async ({ listingId, reason }, messageId) => {
    const found = await findListingForMail(app.db, listingId)
    if (!found) return null
    await mailer.send({ to: found.email, messageId, ...listingReturnedMail(context(), { ...found, reason }) })
    return { listingId }
  })

  handle('calendar-conflicts', async ({ feedId }, messageId) => {
    // Conflicts solved (or the calendar removed) before the mail left: nothing to say.
    const found = await findCalendarConflictsForMail(app.db, feedId)
    if (!found) return null
    await mailer.send({ to: found.email, messageId, ...calendarConflictsMail(context(), found) })
    return { feedId }
  })

  handle('message-received', async ({ messageId }, id) => {
    // Read on the site before the mail left (or its thread gone): nothing to tell.
    const found = await findMessageForMail(app.db, messageId)
    if (!found) return null
    await mailer.send({ to: found.email, messageId: id, ...messageReceivedMail(context(), found.view) })
    return { messageId }
  })
  handle('booking-request-update', async ({ bookingRequestId, event, token }, messageId) => {
    const view = await findRequestForUpdateMail(app.db, bookingRequestId)
    const built = view && requestMail(context(), view, event, token)
    if (!built) return null
    await mailer.send({ to: built.to, messageId, ...built.mail })
    return { bookingRequestId, event }
  })

  handle('stay-cancelled-for-guest', async ({ reservationId, by }, messageId) => {
    const found = await findReservationForMail(app.db, reservationId)
    if (!found) return null
    await mailer.send({
      to: found.to,
      messageId,
      ...stayCancelledForGuestMail(context(), found.view, { by }),
    })
    return { reservationId }
  })

  handle('stay-cancelled-for-host', async ({ reservationId, by }, messageId) => {
    const [found, host] = await Promise.all([
      findReservationForMail(app.db, reservationId),
      findReservationHostForMail(app.db, reservationId),
    ])
    if (!found || !host) return null
    await mailer.send({
      to: host.email,
      messageId,
      ...stayCancelledForHostMail(context(), found.view, { by, firstName: host.firstName }),
    })
    return { reservationId }
  })

  app.addHook('onReady', async () => {
    app.log.info({ transport: mailer.transport }, 'mail transport')
    const sealed = await sealQueuedMailSecrets(app.db)
    if (sealed > 0) app.log.info({ sealed }, 'queued mails written before sealing: their tokens sealed')
  })
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['outbox'] })
