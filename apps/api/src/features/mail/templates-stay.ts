import {
  cancellationPolicyRules,
  cancellationPolicyText,
  deadlineWords,
  freeCancellationDeadline,
} from '@cabanas/domain/catalog'
import {
  buildStayCalendar,
  CHECK_IN_TIME,
  CHECK_OUT_TIME,
  calendarAddressOf,
  type StayCalendarEvent,
  stayCalendarContentType,
  stayCalendarFileName,
  stayCalendarMethod,
} from '@cabanas/domain/reservations'
import { formatMxn } from '@cabanas/domain/shared'
import type { MailAttachment } from './mailer.ts'
import { type MailBlock, type MailContent, renderMail } from './render.ts'
import {
  type BookingRequestMailView,
  cabinUrl,
  coverBlock,
  directionsUrl,
  longSpanishDate,
  type MailContext,
  placeOf,
  type RenderedMailWithFiles,
  type StayMailView,
  shortId,
  stayRows,
  tripUrl,
} from './templates.ts'

// The mails of a stay: paid, pending, settled, cancelled, and a request received.

/**
 * The stay's calendar file as a mail sends it: METHOD:REQUEST with the confirmation, METHOD:CANCEL
 * (same UID, higher SEQUENCE) with the cancellation, from MAIL_FROM to the guest
 * (docs/decisions.md, "The stay's calendar event has hours, a time zone and a cancellation…").
 */
function calendarFile(
  ctx: MailContext,
  view: StayMailView,
  status: 'confirmed' | 'cancelled',
): MailAttachment {
  const event: StayCalendarEvent = {
    reservationId: view.reservationId,
    checkIn: view.checkIn,
    checkOut: view.checkOut,
    cabinName: view.cabin.name,
    location: placeOf(view.cabin),
    latitude: view.cabin.latitude,
    longitude: view.cabin.longitude,
    tripUrl: tripUrl(ctx.publicUrl, view.reservationId),
    stamp: ctx.now,
    status,
    organizer: calendarAddressOf(ctx.from),
    attendee: { email: view.guestEmail },
  }
  return {
    filename: stayCalendarFileName(view.reservationId),
    contentType: stayCalendarContentType(stayCalendarMethod(event)),
    content: buildStayCalendar(event),
  }
}

/** Whether the guest was mailed the stay's calendar file: a confirmation follows the payment only. */
const wasMailedCalendar = (view: StayMailView) =>
  view.paymentStatus === 'PAID' || view.paymentStatus === 'REFUNDED'

function checkInList(view: StayMailView): MailBlock {
  return {
    kind: 'list',
    title: 'Para tu llegada',
    items: [
      `La entrada es a partir de las ${CHECK_IN_TIME} y la salida antes de las ${CHECK_OUT_TIME} (hora local).`,
      'Ten a la mano tu ID de reserva y una identificación oficial de quien reservó.',
      `Te adjuntamos el archivo ${stayCalendarFileName(view.reservationId)} para guardar las fechas en tu calendario.`,
    ],
  }
}

/** The cabin's policy for this stay: with a free window, its deadline as a date and hour in Mexico City. */
function policyBlock(view: StayMailView): MailBlock {
  const policy = cancellationPolicyText(view.cabin.cancellationPolicy, view.checkIn)
  return {
    kind: 'fine-print',
    text: `Política de cancelación: ${policy.deadline ?? policy.label}. ${policy.summary} Una vez iniciada la estancia (${CHECK_IN_TIME} del día de llegada) ya no se puede cancelar desde la web; escríbenos a soporte@cabanas.mx.`,
  }
}

/** The body shared by 'reserva confirmada' and a pending payment that settled as paid. */
function confirmedBlocks(ctx: MailContext, view: StayMailView, intro: string, trip: string): MailBlock[] {
  return [
    { kind: 'paragraph', text: intro },
    ...coverBlock(ctx, view.cabin, trip),
    {
      kind: 'details',
      rows: [
        ...stayRows(view.cabin, view, 'Total pagado', true),
        { label: 'ID de reserva', value: view.reservationId },
      ],
    },
    { kind: 'button', label: 'Ver mi reserva', href: trip },
    {
      kind: 'link',
      label: `Cómo llegar a ${view.cabin.name} (Google Maps)`,
      href: directionsUrl(view.cabin.latitude, view.cabin.longitude),
    },
    checkInList(view),
    policyBlock(view),
  ]
}

// The mails.

/** Paid: everything the guest needs for the stay, with the .ics and the trip page. */
export function reservationConfirmedMail(
  ctx: MailContext,
  view: StayMailView,
  { accessToken }: { accessToken?: string },
): RenderedMailWithFiles {
  const trip = tripUrl(ctx.publicUrl, view.reservationId, accessToken)
  const content: MailContent = {
    subject: `Reserva confirmada: ${view.cabin.name}`,
    preheader: `${longSpanishDate(view.checkIn)} al ${longSpanishDate(view.checkOut)} · ID ${shortId(view.reservationId)}`,
    heading: '¡Reserva confirmada!',
    blocks: confirmedBlocks(
      ctx,
      view,
      `Hola ${view.guestFirstName}: gracias por reservar con Cabañas MX. Recibimos tu pago y las fechas son tuyas.`,
      trip,
    ),
  }
  return { ...renderMail(content, ctx), attachments: [calendarFile(ctx, view, 'confirmed')] }
}

/** The charge's outcome is unknown (202): do not pay again, we write when it settles. */
export function paymentPendingMail(
  ctx: MailContext,
  view: StayMailView,
  { accessToken }: { accessToken?: string },
): RenderedMailWithFiles {
  const trip = tripUrl(ctx.publicUrl, view.reservationId, accessToken)
  return renderMail(
    {
      subject: `Estamos verificando tu pago: ${view.cabin.name}`,
      preheader: 'No vuelvas a pagar: te escribiremos en cuanto el banco confirme el resultado.',
      heading: 'Pago en verificación',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${view.guestFirstName}: recibimos tu pago para ${view.cabin.name}, pero el banco todavía no nos confirma si se completó.`,
        },
        {
          kind: 'notice',
          tone: 'warning',
          title: 'No vuelvas a pagar',
          text: 'Si el cargo se completó, tu reserva queda confirmada. Si no, no se te cobrará nada y las fechas se liberarán. Te escribiremos en cuanto lo sepamos; suele tardar unos minutos.',
        },
        {
          kind: 'details',
          rows: [
            ...stayRows(view.cabin, view, 'Total', false),
            { label: 'ID de reserva', value: view.reservationId },
          ],
        },
        { kind: 'button', label: 'Ver el estado de mi reserva', href: trip },
        {
          kind: 'fine-print',
          text: 'Guarda este correo: su enlace abre tu reserva sin iniciar sesión. No lo compartas.',
        },
      ],
    },
    ctx,
  )
}

/** A pending payment settled: confirmed (details and .ics) or failed (no charge, dates freed). */
export function paymentSettledMail(
  ctx: MailContext,
  view: StayMailView,
  { outcome }: { outcome: 'confirmed' | 'failed' },
): RenderedMailWithFiles {
  if (outcome === 'confirmed') {
    const trip = tripUrl(ctx.publicUrl, view.reservationId)
    const content: MailContent = {
      subject: `Tu pago se confirmó: ${view.cabin.name}`,
      preheader: `Tu reserva está confirmada · ${longSpanishDate(view.checkIn)} al ${longSpanishDate(view.checkOut)}`,
      heading: '¡Tu pago se confirmó!',
      blocks: [
        ...confirmedBlocks(
          ctx,
          view,
          `Hola ${view.guestFirstName}: el banco confirmó tu pago. Tu reserva está confirmada y las fechas son tuyas.`,
          trip,
        ),
        {
          kind: 'fine-print',
          text: 'Si no tienes cuenta, abre tu reserva con el enlace del correo «Pago en verificación» que te enviamos antes.',
        },
      ],
    }
    return { ...renderMail(content, ctx), attachments: [calendarFile(ctx, view, 'confirmed')] }
  }
  return renderMail(
    {
      subject: `Tu pago no se completó: ${view.cabin.name}`,
      preheader: 'No se realizó ningún cargo y las fechas se liberaron.',
      heading: 'Tu pago no se completó',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${view.guestFirstName}: el banco no completó el pago de tu reserva en ${view.cabin.name}.`,
        },
        {
          kind: 'notice',
          tone: 'info',
          title: 'No se realizó ningún cargo',
          text: 'Las fechas se liberaron. Si quieres, puedes intentar reservar de nuevo con otra tarjeta.',
        },
        {
          kind: 'details',
          rows: [
            ...stayRows(view.cabin, view, 'Total', false),
            { label: 'ID de reserva', value: view.reservationId },
          ],
        },
        {
          kind: 'button',
          label: 'Volver a la cabaña',
          href: cabinUrl(ctx.publicUrl, view.cabin.id, view),
        },
      ],
    },
    ctx,
  )
}

/**
 * What was cancelled, what the cabin's policy says, and that the dates are free again. `refund` is
 * what the cancellation decided to give back (centavos); absent for mails queued before deadlines.
 */
export function reservationCancelledMail(
  ctx: MailContext,
  view: StayMailView,
  { refund, accessToken }: { refund?: number; accessToken?: string } = {},
): RenderedMailWithFiles {
  const policy = cancellationPolicyText(view.cabin.cancellationPolicy, view.checkIn)
  // The confirmation put the stay in the guest's calendar: this file takes it out again.
  const withCalendar = wasMailedCalendar(view)
  const content: MailContent = {
    subject: `Reserva cancelada: ${view.cabin.name}`,
    preheader: `Cancelamos tu reserva del ${longSpanishDate(view.checkIn)} al ${longSpanishDate(view.checkOut)}.`,
    heading: 'Reserva cancelada',
    blocks: [
      {
        kind: 'paragraph',
        text: `Hola ${view.guestFirstName}: tu reserva en ${view.cabin.name} quedó cancelada y las fechas del ${longSpanishDate(view.checkIn)} al ${longSpanishDate(view.checkOut)} quedaron libres.`,
      },
      {
        kind: 'details',
        title: 'Reserva cancelada',
        rows: [
          ...stayRows(view.cabin, view, 'Total de la reserva', false),
          { label: 'ID de reserva', value: view.reservationId },
        ],
      },
      {
        kind: 'notice',
        tone: 'info',
        title: `Política de cancelación: ${policy.label}`,
        text: policy.deadline ? `${policy.deadline}. ${policy.summary}` : policy.summary,
      },
      ...paymentLine(view, refund),
      ...(withCalendar
        ? [
            {
              kind: 'paragraph' as const,
              text: `Si guardaste la estancia en tu calendario, abre el archivo adjunto ${stayCalendarFileName(view.reservationId)} para quitarla.`,
            },
          ]
        : []),
      {
        kind: 'link',
        label: 'Ver la reserva',
        href: tripUrl(ctx.publicUrl, view.reservationId, accessToken),
      },
      {
        kind: 'fine-print',
        text: `Si no pediste esta cancelación, escríbenos cuanto antes a soporte@cabanas.mx con tu ID de reserva.`,
      },
    ],
  }
  const mail = renderMail(content, ctx)
  return withCalendar ? { ...mail, attachments: [calendarFile(ctx, view, 'cancelled')] } : mail
}

/** What happens to this reservation's money: the refund its cancellation decided, by its cabin's policy. */
function paymentLine(view: StayMailView, refund: number | undefined): MailBlock[] {
  const total = `${formatMxn(view.totalPrice)} MXN`
  const policy = view.cabin.cancellationPolicy
  // Queued before deadlines existed: free cancellation gave back everything paid.
  const decided =
    refund ??
    (view.paymentStatus === 'PAID' && cancellationPolicyRules[policy].freeCancellationHours !== null
      ? view.totalPrice
      : 0)
  const deadline = freeCancellationDeadline(policy, view.checkIn)
  const text =
    view.paymentStatus === 'REFUNDED'
      ? `Te reembolsamos ${decided > 0 ? `${formatMxn(decided)} MXN` : total}; puede tardar unos días en verse en tu estado de cuenta.`
      : view.paymentStatus === 'PAID' && decided > 0
        ? `Te reembolsaremos ${formatMxn(decided)} MXN a la tarjeta con la que pagaste; puede tardar unos días en verse en tu estado de cuenta.`
        : view.paymentStatus === 'PAID' && deadline
          ? `Cancelaste después del plazo de cancelación gratuita, que terminó ${deadlineWords(deadline)}, así que, como indica la política, el pago de ${total} no se reembolsa.`
          : view.paymentStatus === 'PAID'
            ? `Como indica la política, el pago de ${total} no se reembolsa.`
            : view.paymentStatus === 'FAILED'
              ? 'No se realizó ningún cargo a tu tarjeta.'
              : null
  return text ? [{ kind: 'paragraph', text }] : []
}

/** 'Solicitar reserva': stored, not confirmed until the host accepts; nothing charged. */
export function bookingRequestReceivedMail(
  ctx: MailContext,
  view: BookingRequestMailView,
): RenderedMailWithFiles {
  const cabinLink = cabinUrl(ctx.publicUrl, view.cabin.id)
  return renderMail(
    {
      subject: `Recibimos tu solicitud de reserva: ${view.cabin.name}`,
      preheader: 'Tu reserva no está confirmada hasta que el anfitrión la acepte.',
      heading: 'Solicitud recibida',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${view.fullName}: guardamos tu solicitud para ${view.cabin.name}.`,
        },
        {
          kind: 'notice',
          tone: 'warning',
          title: 'Aún no está confirmada',
          text: 'Tu reserva no está confirmada hasta que el anfitrión acepte la solicitud. No se hizo ningún cargo. Puedes seguirla en Mis Reservas si creas una cuenta con este correo y lo confirmas.',
        },
        ...coverBlock(ctx, view.cabin, cabinLink),
        {
          kind: 'details',
          title: 'Tu solicitud',
          rows: [
            ...stayRows(view.cabin, view, 'Total estimado', false),
            { label: 'ID de solicitud', value: view.bookingRequestId },
          ],
        },
        { kind: 'button', label: 'Ver la cabaña', href: cabinLink },
      ],
    },
    ctx,
  )
}
