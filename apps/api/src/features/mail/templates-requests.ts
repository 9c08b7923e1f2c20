import { formatMxn } from '@cabanas/domain/shared'
import type { RequestMailEvent } from './mail-jobs.ts'
import type { DetailRow, MailBlock } from './render.ts'
import { renderMail } from './render.ts'
import type { BookingRequestMailView, MailContext, RenderedMailWithFiles } from './templates.ts'

/**
 * The mails of a request to book's life (issue 22), one per transition and side (REQUEST_MAIL_EVENTS,
 * mail-jobs.ts). The guest's 'solicitud recibida' is in templates-stay.ts; the guest's 'reserva confirmada'
 * covers the payment.
 */

/** What these mails show, read when they are sent. */
export type RequestMailView = BookingRequestMailView & {
  guestEmail: string
  /** The host's account (first name and address); null for a cabin no host owns (demo catalogue). */
  host: { firstName: string; email: string } | null
  hostAmount: number
  declineMessage: string | null
  /** When the host accepted (the pay link lasts 24 h from it). */
  payBy: Date | null
  answerBy: Date
}

const mexicoCityTime = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'America/Mexico_City',
})
/** 'sábado, 13 de junio, 14:30 (hora de la Ciudad de México)'. */
export const mexicoCityDeadline = (at: Date) => `${mexicoCityTime.format(at)} (hora de la Ciudad de México)`

const longDate = new Intl.DateTimeFormat('es-MX', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const dateOf = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`))
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export const hostInboxUrl = (publicUrl: string, requestId?: string) =>
  `${publicUrl}/anfitrion/solicitudes${requestId ? `/${encodeURIComponent(requestId)}` : ''}`

/** The checkout of the accepted stay; the link's secret in the fragment (never sent to a server). */
export function requestPayUrl(publicUrl: string, view: RequestMailView, token: string): string {
  const query = new URLSearchParams({
    cabin: view.cabin.id,
    checkIn: view.checkIn,
    checkOut: view.checkOut,
    guests: String(view.guests),
    solicitud: view.bookingRequestId,
  })
  return `${publicUrl}/checkout?${query}#pago=${encodeURIComponent(token)}`
}

function stayRows(view: RequestMailView, money: DetailRow): DetailRow[] {
  return [
    { label: 'Alojamiento', value: view.cabin.name },
    { label: 'Llegada', value: dateOf(view.checkIn) },
    { label: 'Salida', value: dateOf(view.checkOut) },
    { label: 'Huéspedes', value: plural(view.guests, 'huésped', 'huéspedes') },
    { label: 'Noches', value: plural(view.nights, 'noche', 'noches') },
    money,
  ]
}
const guestTotal = (view: RequestMailView): DetailRow => ({
  label: 'Total',
  value: `${formatMxn(view.totalPrice)} MXN (IVA incluido)`,
})
const hostReceives = (view: RequestMailView): DetailRow => ({
  label: 'Recibirás',
  value: `${formatMxn(view.hostAmount)} MXN`,
})
const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? ''

type Built = { to: string; mail: RenderedMailWithFiles }

/** The mail of `event`, and its recipient; null when it has none (a host mail for a hostless cabin). */
export function requestMail(
  ctx: MailContext,
  view: RequestMailView,
  event: RequestMailEvent,
  token?: string,
): Built | null {
  const guest = firstNameOf(view.fullName)
  const inbox = hostInboxUrl(ctx.publicUrl, view.bookingRequestId)
  const forHost = (content: { subject: string; preheader: string; heading: string; blocks: MailBlock[] }) =>
    view.host ? { to: view.host.email, mail: renderMail(content, ctx) } : null
  const forGuest = (content: {
    subject: string
    preheader: string
    heading: string
    blocks: MailBlock[]
  }) => ({
    to: view.guestEmail,
    mail: renderMail(content, ctx),
  })
  const hello = (name: string | undefined) => (name ? `Hola ${name}: ` : '')

  switch (event) {
    case 'host-new':
      return forHost({
        subject: `Nueva solicitud de reserva: ${view.cabin.name}`,
        preheader: `${guest} quiere reservar. Tienes 24 horas para responder.`,
        heading: 'Nueva solicitud de reserva',
        blocks: [
          {
            kind: 'paragraph',
            text: `${hello(view.host?.firstName)}${guest} quiere reservar ${view.cabin.name}.`,
          },
          {
            kind: 'notice',
            tone: 'info',
            title: 'Responde antes de 24 horas',
            text: `Acepta o rechaza antes del ${mexicoCityDeadline(view.answerBy)}; si no, la solicitud vence.`,
          },
          { kind: 'details', title: 'La solicitud', rows: stayRows(view, hostReceives(view)) },
          { kind: 'button', label: 'Responder la solicitud', href: inbox },
        ],
      })
    case 'host-reminder':
      return forHost({
        subject: `Recordatorio: ${guest} espera tu respuesta`,
        preheader: 'La solicitud vence en 12 horas.',
        heading: 'Tu huésped espera tu respuesta',
        blocks: [
          {
            kind: 'paragraph',
            text: `${hello(view.host?.firstName)}la solicitud de ${guest} para ${view.cabin.name} sigue sin respuesta.`,
          },
          {
            kind: 'notice',
            tone: 'warning',
            title: 'Vence pronto',
            text: `Si no respondes antes del ${mexicoCityDeadline(view.answerBy)}, la solicitud vence.`,
          },
          { kind: 'details', title: 'La solicitud', rows: stayRows(view, hostReceives(view)) },
          { kind: 'button', label: 'Responder la solicitud', href: inbox },
        ],
      })
    case 'guest-accepted': {
      if (!token || !view.payBy) return null
      const pay = requestPayUrl(ctx.publicUrl, view, token)
      return forGuest({
        subject: `¡El anfitrión aceptó tu solicitud! Paga para reservar ${view.cabin.name}`,
        preheader: `Tienes 24 horas para pagar ${formatMxn(view.totalPrice)} MXN.`,
        heading: 'Tu solicitud fue aceptada',
        blocks: [
          {
            kind: 'paragraph',
            text: `Hola ${guest}: el anfitrión aceptó tu solicitud para ${view.cabin.name}. Paga para confirmar tu reserva.`,
          },
          {
            kind: 'notice',
            tone: 'warning',
            title: 'Paga antes de 24 horas',
            text: `El enlace de pago vence el ${mexicoCityDeadline(view.payBy)}. Las noches no están apartadas hasta que pagues.`,
          },
          { kind: 'details', title: 'Tu estancia', rows: stayRows(view, guestTotal(view)) },
          { kind: 'button', label: `Pagar ${formatMxn(view.totalPrice)} MXN`, href: pay },
          { kind: 'fine-print', text: 'Este enlace es personal: no lo compartas.' },
        ],
      })
    }
    case 'guest-declined':
      return forGuest({
        subject: `Tu solicitud para ${view.cabin.name} no fue aceptada`,
        preheader: 'El anfitrión no puede recibirte en esas fechas. No se hizo ningún cargo.',
        heading: 'Solicitud rechazada',
        blocks: [
          {
            kind: 'paragraph',
            text: `Hola ${guest}: el anfitrión de ${view.cabin.name} rechazó tu solicitud. No se hizo ningún cargo.`,
          },
          ...(view.declineMessage
            ? [
                {
                  kind: 'notice',
                  tone: 'info',
                  title: 'Mensaje del anfitrión',
                  text: view.declineMessage,
                } as const,
              ]
            : []),
          { kind: 'details', title: 'Tu solicitud', rows: stayRows(view, guestTotal(view)) },
          { kind: 'button', label: 'Buscar otra cabaña', href: `${ctx.publicUrl}/` },
        ],
      })
    case 'guest-expired':
      return forGuest({
        subject: `Tu solicitud para ${view.cabin.name} venció`,
        preheader: 'El anfitrión no respondió en 24 horas. No se hizo ningún cargo.',
        heading: 'Solicitud vencida',
        blocks: [
          {
            kind: 'paragraph',
            text: `Hola ${guest}: el anfitrión de ${view.cabin.name} no respondió en 24 horas, así que tu solicitud venció. No se hizo ningún cargo.`,
          },
          { kind: 'details', title: 'Tu solicitud', rows: stayRows(view, guestTotal(view)) },
          { kind: 'button', label: 'Buscar otra cabaña', href: `${ctx.publicUrl}/` },
        ],
      })
    case 'host-expired':
      return forHost({
        subject: `La solicitud de ${guest} venció`,
        preheader: 'Pasaron 24 horas sin respuesta.',
        heading: 'Solicitud vencida',
        blocks: [
          {
            kind: 'paragraph',
            text: `${hello(view.host?.firstName)}la solicitud de ${guest} para ${view.cabin.name} venció porque pasaron 24 horas sin respuesta. Las noches siguen libres.`,
          },
          { kind: 'details', title: 'La solicitud', rows: stayRows(view, hostReceives(view)) },
          { kind: 'button', label: 'Ver mis solicitudes', href: hostInboxUrl(ctx.publicUrl) },
        ],
      })
    case 'guest-pay-expired':
      return forGuest({
        subject: `El enlace de pago para ${view.cabin.name} venció`,
        preheader: 'Pasaron 24 horas sin pago. No se hizo ningún cargo.',
        heading: 'El enlace de pago venció',
        blocks: [
          {
            kind: 'paragraph',
            text: `Hola ${guest}: pasaron 24 horas desde que el anfitrión aceptó tu solicitud y no recibimos el pago, así que el enlace venció. No se hizo ningún cargo.`,
          },
          { kind: 'details', title: 'Tu solicitud', rows: stayRows(view, guestTotal(view)) },
          { kind: 'button', label: 'Solicitar de nuevo', href: `${ctx.publicUrl}/cabin/${view.cabin.id}` },
        ],
      })
    case 'host-pay-expired':
      return forHost({
        subject: `${guest} no pagó a tiempo`,
        preheader: 'La solicitud aceptada venció sin pago; las noches siguen libres.',
        heading: 'Solicitud vencida sin pago',
        blocks: [
          {
            kind: 'paragraph',
            text: `${hello(view.host?.firstName)}${guest} no pagó en las 24 horas que siguieron a tu aceptación. La solicitud venció y las noches siguen libres.`,
          },
          { kind: 'details', title: 'La solicitud', rows: stayRows(view, hostReceives(view)) },
        ],
      })
    case 'host-paid':
      return forHost({
        subject: `¡Reserva confirmada! ${guest} pagó su estancia en ${view.cabin.name}`,
        preheader: 'Las noches ya están reservadas.',
        heading: 'Reserva confirmada',
        blocks: [
          {
            kind: 'paragraph',
            text: `${hello(view.host?.firstName)}${guest} pagó. La reserva está confirmada y las noches ya están ocupadas en tu calendario.`,
          },
          { kind: 'details', title: 'La reserva', rows: stayRows(view, hostReceives(view)) },
          { kind: 'button', label: 'Ver la solicitud', href: inbox },
        ],
      })
  }
}
