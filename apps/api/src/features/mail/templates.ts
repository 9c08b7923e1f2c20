import {
  type CancellationPolicyKey,
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
import { type CalendarDate, formatMxn, isCalendarDate } from '@cabanas/domain/shared'
import type { MailAttachment } from './mailer.ts'
import { type DetailRow, type MailBlock, type MailContent, renderMail } from './render.ts'

/**
 * What every template needs besides its data: the site's origin, the instant of sending, and the
 * From of the mail (MAIL_FROM), which a calendar file names as its ORGANIZER.
 */
export type MailContext = { publicUrl: string; now: Date; from: string }

export type RenderedMailWithFiles = {
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
}

/** A reservation as its mails show it, read from the database when the mail is sent. */
export type StayMailView = {
  reservationId: string
  status: 'pending' | 'active' | 'cancelled' | 'completed'
  paymentStatus: 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED'
  guestFirstName: string
  /** The mail's recipient, the ATTENDEE of its calendar file. */
  guestEmail: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  nights: number
  totalPrice: number
  cabin: CabinMailView
}

export type CabinMailView = {
  id: string
  name: string
  population: string
  state: string
  latitude: number
  longitude: number
  cancellationPolicy: CancellationPolicyKey
  /** The cover picture: a path under PUBLIC_URL ('/media/…') and its alt text, if the cabin has one. */
  cover: { path: string; alt: string } | null
}

export type BookingRequestMailView = {
  bookingRequestId: string
  fullName: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  nights: number
  totalPrice: number
  cabin: CabinMailView
}

// Links. Every absolute link starts at PUBLIC_URL, never at a request's Host.

/**
 * The trip page; with the access token in the fragment (`#token=`), which no browser sends to a
 * server or puts in a Referer; the page takes it out of the address on arrival.
 */
export function tripUrl(publicUrl: string, reservationId: string, accessToken?: string): string {
  const base = `${publicUrl}/reserva/${encodeURIComponent(reservationId)}`
  return accessToken ? `${base}#token=${encodeURIComponent(accessToken)}` : base
}

function cabinUrl(
  publicUrl: string,
  cabinId: string,
  stay?: { checkIn: string; checkOut: string; guests: number },
) {
  const base = `${publicUrl}/cabin/${encodeURIComponent(cabinId)}`
  if (!stay) return base
  const query = new URLSearchParams({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: String(stay.guests),
  })
  return `${base}?${query}`
}

/** Driving directions in the external maps service (the spec's map popup does the same). */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`
}

// A link's secret travels in the fragment: the browser never sends it to a server or in a Referer.
const verifyEmailUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/verificar-correo#token=${encodeURIComponent(token)}`

const resetPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/forgot-password#token=${encodeURIComponent(token)}`

/** An image path of the catalogue ('/media/…') as an absolute URL; anything else is left out. */
function assetUrl(publicUrl: string, path: string): string | null {
  return /^\/[\w\-./]+$/.test(path) && !path.includes('..') ? `${publicUrl}${path}` : null
}

/** The button's link written out, for a mail client that shows no button (HTML part only). */
export const copyLinkBlock = (href: string): MailBlock => ({
  kind: 'fine-print',
  text: `Si el botón no funciona, copia este enlace en tu navegador:\n${href}`,
  htmlOnly: true,
})

// Formatting.

const longDate = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'viernes, 1 de enero de 2027': a calendar date, read at UTC midnight so no zone shifts it. */
export function longSpanishDate(date: CalendarDate): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`)
  return longDate.format(new Date(`${date}T00:00:00Z`))
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
const placeOf = (cabin: CabinMailView) => `${cabin.population}, ${cabin.state}`
const shortId = (id: string) => id.slice(0, 8).toUpperCase()

type Stay = {
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
  nights: number
  totalPrice: number
}

function stayRows(cabin: CabinMailView, stay: Stay, totalLabel: string, withTimes: boolean): DetailRow[] {
  return [
    { label: 'Alojamiento', value: cabin.name },
    { label: 'Ubicación', value: placeOf(cabin) },
    {
      label: 'Llegada',
      value: `${longSpanishDate(stay.checkIn)}${withTimes ? `, desde las ${CHECK_IN_TIME}` : ''}`,
    },
    {
      label: 'Salida',
      value: `${longSpanishDate(stay.checkOut)}${withTimes ? `, antes de las ${CHECK_OUT_TIME}` : ''}`,
    },
    { label: 'Huéspedes', value: plural(stay.guests, 'huésped', 'huéspedes') },
    { label: 'Noches', value: plural(stay.nights, 'noche', 'noches') },
    { label: totalLabel, value: `${formatMxn(stay.totalPrice)} MXN (IVA incluido)` },
  ]
}

function coverBlock(ctx: MailContext, cabin: CabinMailView, href?: string): MailBlock[] {
  const src = cabin.cover ? assetUrl(ctx.publicUrl, cabin.cover.path) : null
  if (!cabin.cover || !src) return []
  // The catalogue's alt text usually names the cabin already; else the name comes first.
  const alt = cabin.cover.alt.includes(cabin.name) ? cabin.cover.alt : `${cabin.name}: ${cabin.cover.alt}`
  return [{ kind: 'image', src, alt, href }]
}

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

/** 'Confirma tu correo': the link sets isEmailVerified and joins this address's bookings to the account. */
export function verifyEmailMail(
  ctx: MailContext,
  { firstName, token }: { firstName: string; token: string },
): RenderedMailWithFiles {
  return renderMail(
    {
      subject: 'Confirma tu correo en Cabañas MX',
      preheader: 'Un clic y tus reservas hechas con este correo aparecerán en tu cuenta.',
      heading: 'Confirma tu correo',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${firstName}: confirma que esta dirección es tuya para terminar de crear tu cuenta.`,
        },
        { kind: 'button', label: 'Confirmar mi correo', href: verifyEmailUrl(ctx.publicUrl, token) },
        {
          kind: 'paragraph',
          text: 'Al confirmarlo, las reservas y solicitudes que hiciste con este correo, con o sin sesión iniciada, se unirán a tu cuenta y las verás en Mis Reservas.',
        },
        copyLinkBlock(verifyEmailUrl(ctx.publicUrl, token)),
        {
          kind: 'fine-print',
          text: 'Si no creaste una cuenta en Cabañas MX, alguien escribió tu correo. Abre el enlace y elige «No fui yo»: pondrás tu propia contraseña, cerraremos toda sesión de esa cuenta y quedará solo en tus manos. Si lo ignoras, nadie verá tus reservas: no se unen a ninguna cuenta sin tu confirmación.',
        },
      ],
    },
    ctx,
  )
}

/** 'Cambiar correo': the link to the new address; the account keeps the old one until it is opened. */
export function verifyNewEmailMail(
  ctx: MailContext,
  { firstName, token }: { firstName: string; token: string },
): RenderedMailWithFiles {
  return renderMail(
    {
      subject: 'Confirma tu nuevo correo en Cabañas MX',
      preheader: 'Tu cuenta usará esta dirección cuando la confirmes.',
      heading: 'Confirma tu nuevo correo',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${firstName}: pediste usar esta dirección en tu cuenta de Cabañas MX. Ábrela con la sesión de tu cuenta iniciada para confirmar el cambio.`,
        },
        { kind: 'button', label: 'Confirmar el cambio', href: verifyEmailUrl(ctx.publicUrl, token) },
        {
          kind: 'paragraph',
          text: 'Al confirmarlo, cerraremos tus otras sesiones, y las reservas hechas con esta dirección se unirán a tu cuenta.',
        },
        copyLinkBlock(verifyEmailUrl(ctx.publicUrl, token)),
        {
          kind: 'fine-print',
          text: 'Si no pediste este cambio, ignora este correo: sin confirmarlo, nada cambia.',
        },
      ],
    },
    ctx,
  )
}

/** 'Cambiar correo': the notice to the current address, sent when the change is asked for. */
export function emailChangeRequestedMail(
  ctx: MailContext,
  { firstName, newEmail }: { firstName: string; newEmail: string },
): RenderedMailWithFiles {
  return renderMail(
    {
      subject: 'Pediste cambiar el correo de tu cuenta de Cabañas MX',
      preheader: 'Tu cuenta sigue usando esta dirección hasta que se confirme la nueva.',
      heading: 'Cambio de correo solicitado',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${firstName}: se pidió cambiar el correo de tu cuenta a ${newEmail}. El cambio solo ocurre cuando se abre el enlace que enviamos a esa dirección, con tu sesión iniciada; hasta entonces tu cuenta sigue usando esta.`,
        },
        {
          kind: 'paragraph',
          text: 'Si no fuiste tú, cambia tu contraseña ahora (o restablécela desde «¿Olvidaste tu contraseña?»): se cerrarán todas las sesiones y el cambio pendiente se cancela.',
        },
        { kind: 'button', label: 'Restablecer mi contraseña', href: `${ctx.publicUrl}/forgot-password` },
      ],
    },
    ctx,
  )
}

/** Forgot password: a single-use link. */
export function passwordResetMail(
  ctx: MailContext,
  { firstName, token, minutes }: { firstName: string; token: string; minutes: number },
): RenderedMailWithFiles {
  return renderMail(
    {
      subject: 'Restablece tu contraseña de Cabañas MX',
      preheader: `El enlace vale ${minutes} minutos y una sola vez.`,
      heading: 'Restablece tu contraseña',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${firstName}: recibimos una solicitud para restablecer la contraseña de tu cuenta.`,
        },
        {
          kind: 'button',
          label: 'Elegir una nueva contraseña',
          href: resetPasswordUrl(ctx.publicUrl, token),
        },
        {
          kind: 'paragraph',
          text: `El enlace vale ${minutes} minutos y sirve una sola vez. Al cambiar tu contraseña se cierran tus sesiones abiertas.`,
        },
        copyLinkBlock(resetPasswordUrl(ctx.publicUrl, token)),
        {
          kind: 'fine-print',
          text: 'Si no fuiste tú, ignora este correo: tu contraseña no cambiará.',
        },
      ],
    },
    ctx,
  )
}

/** The trip page's "¿No encuentras el correo?": a new link that opens the reservation, to its guest. */
export function tripLinkMail(
  ctx: MailContext,
  view: StayMailView,
  { accessToken }: { accessToken: string },
): RenderedMailWithFiles {
  return renderMail(
    {
      subject: `Tu enlace para ver la reserva: ${view.cabin.name}`,
      preheader: `Abre tu reserva del ${longSpanishDate(view.checkIn)} al ${longSpanishDate(view.checkOut)} sin iniciar sesión.`,
      heading: 'Tu enlace para ver la reserva',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${view.guestFirstName}: nos pediste un enlace para abrir tu reserva en ${view.cabin.name}.`,
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
          label: 'Ver mi reserva',
          href: tripUrl(ctx.publicUrl, view.reservationId, accessToken),
        },
        {
          kind: 'fine-print',
          text: 'Este enlace abre tu reserva sin iniciar sesión, y los que te enviamos antes siguen sirviendo. No lo compartas.',
        },
        {
          kind: 'fine-print',
          text: 'Si no lo pediste, ignora este correo: solo lo enviamos a la dirección de la reserva.',
        },
      ],
    },
    ctx,
  )
}

/** An operator approved the listing: the cabin is published, with its page. */
export function listingPublishedMail(
  ctx: MailContext,
  { firstName, title, cabinId }: { firstName: string; title: string; cabinId: string },
): RenderedMailWithFiles {
  const page = cabinUrl(ctx.publicUrl, cabinId)
  return renderMail(
    {
      subject: 'Tu cabaña ya está publicada',
      preheader: `${title} ya aparece en las búsquedas de Cabañas MX.`,
      heading: 'Tu cabaña ya está publicada',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${firstName}: revisamos tu anuncio «${title}» y ya está publicado. Los huéspedes ya pueden encontrarlo, cotizarlo y reservarlo.`,
        },
        { kind: 'button', label: 'Ver mi cabaña', href: page },
        {
          kind: 'paragraph',
          text: 'Los cambios que hagas desde Mis cabañas (precios, fotos, reglas) se publican al momento. Si necesitas dejar de recibir reservas por un tiempo, puedes pausar el anuncio.',
        },
        copyLinkBlock(page),
      ],
    },
    ctx,
  )
}

/** An operator returned the listing: the reason, and what to do next. */
export function listingReturnedMail(
  ctx: MailContext,
  { firstName, title, reason }: { firstName: string; title: string; reason: string },
): RenderedMailWithFiles {
  return renderMail(
    {
      subject: 'Tu anuncio necesita cambios',
      preheader: `Revisamos «${title}»: te contamos qué falta para publicarlo.`,
      heading: 'Tu anuncio necesita cambios',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${firstName}: revisamos tu anuncio «${title}» y todavía no podemos publicarlo.`,
        },
        { kind: 'notice', tone: 'warning', title: 'Motivo', text: reason },
        {
          kind: 'paragraph',
          text: 'Corrige el anuncio desde Mis cabañas en Cabañas MX y envíalo de nuevo a revisión.',
        },
      ],
    },
    ctx,
  )
}

/** An imported calendar brought events over nights already taken here: which, and where to look. */
export function calendarConflictsMail(
  ctx: MailContext,
  {
    firstName,
    feedName,
    cabinName,
    listingId,
    conflicts,
  }: {
    firstName: string
    feedName: string
    cabinName: string
    listingId: string
    conflicts: { startsOn: string; endsOn: string; over: 'reservation' | 'block' }[]
  },
): RenderedMailWithFiles {
  const page = `${ctx.publicUrl}/anfitrion/cabanas/${encodeURIComponent(listingId)}/calendario`
  const day = (date: string) => (isCalendarDate(date) ? longSpanishDate(date) : date)
  return renderMail(
    {
      subject: `Noches ocupadas en dos lugares: ${cabinName}`,
      preheader: `El calendario de ${feedName} tiene noches que aquí ya están ocupadas.`,
      heading: 'Revisa tu calendario',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${firstName}: el calendario de ${feedName} que importas en «${cabinName}» tiene noches que aquí ya están ocupadas, así que no pudimos bloquearlas. Revisa en ambas plataformas que no haya dos huéspedes para las mismas noches.`,
        },
        {
          kind: 'list',
          title: 'Noches en conflicto',
          items: conflicts.map(
            (conflict) =>
              `Del ${day(conflict.startsOn)} al ${day(conflict.endsOn)}: ${conflict.over === 'reservation' ? 'ya hay una reservación en Cabañas MX' : 'ya están bloqueadas en Cabañas MX'}.`,
          ),
        },
        { kind: 'button', label: 'Abrir mi calendario', href: page },
        copyLinkBlock(page),
      ],
    },
    ctx,
  )
}
