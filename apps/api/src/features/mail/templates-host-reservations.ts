import { formatMxn } from '@cabanas/domain/shared'
import { type MailContent, type RenderedMail, renderMail, SUPPORT_EMAIL } from './render.ts'
import { longSpanishDate, type MailContext, type StayMailView } from './templates.ts'

/**
 * Issue 22: a paid stay cancelled with a full refund by its host ('Cancelar reserva' in
 * /anfitrion/reservas) or by the marketplace ('Reembolsar' in the operator console). The guest gets an
 * apology, the refund and a link to search again; the host a confirmation (or the operator's notice).
 */
export type CancelledBy = 'host' | 'operator'

const pesos = (centavos: number) => `${formatMxn(centavos)} MXN`

function stayRows(view: StayMailView) {
  return [
    { label: 'Cabaña', value: view.cabin.name },
    { label: 'Llegada', value: longSpanishDate(view.checkIn) },
    { label: 'Salida', value: longSpanishDate(view.checkOut) },
    { label: 'ID de reserva', value: view.reservationId },
  ]
}

/** To the guest: the stay was cancelled by its host (or by us), everything paid comes back. */
export function stayCancelledForGuestMail(
  ctx: MailContext,
  view: StayMailView,
  { by }: { by: CancelledBy },
): RenderedMail {
  const search = new URL('/', ctx.publicUrl).href
  const refunded = view.paymentStatus === 'REFUNDED'
  const who = by === 'host' ? 'El anfitrión canceló' : 'Cabañas MX canceló'
  const content: MailContent = {
    subject: `Tu reserva en ${view.cabin.name} fue cancelada`,
    preheader: `${who} tu reserva del ${longSpanishDate(view.checkIn)}. Te reembolsamos el pago completo.`,
    heading: 'Tu reserva fue cancelada',
    blocks: [
      {
        kind: 'paragraph',
        text: `Hola ${view.guestFirstName}: ${by === 'host' ? 'el anfitrión canceló' : 'Cabañas MX canceló'} tu reserva en ${view.cabin.name} del ${longSpanishDate(view.checkIn)} al ${longSpanishDate(view.checkOut)}. Lamentamos mucho las molestias.`,
      },
      { kind: 'details', title: 'Reserva cancelada', rows: stayRows(view) },
      {
        kind: 'notice',
        tone: 'info',
        title: 'Reembolso completo',
        text: refunded
          ? `Te reembolsamos ${pesos(view.totalPrice)}, todo lo que pagaste; puede tardar unos días en verse en tu estado de cuenta.`
          : `Te reembolsaremos ${pesos(view.totalPrice)}, todo lo que pagaste, a la tarjeta con la que pagaste; puede tardar unos días en verse en tu estado de cuenta.`,
      },
      {
        kind: 'paragraph',
        text: 'Hay muchas cabañas disponibles para tus fechas. Te ayudamos a encontrar otra.',
      },
      { kind: 'button', label: 'Buscar otra cabaña', href: search },
      {
        kind: 'fine-print',
        text: `Si tienes dudas, escríbenos a ${SUPPORT_EMAIL} con tu ID de reserva.`,
      },
    ],
  }
  return renderMail(content, ctx)
}

/** To the host: their cancellation is done (or the marketplace cancelled and refunded the stay). */
export function stayCancelledForHostMail(
  ctx: MailContext,
  view: StayMailView,
  { by, firstName }: { by: CancelledBy; firstName: string },
): RenderedMail {
  const reservations = new URL('/anfitrion/reservas', ctx.publicUrl).href
  const stay = `${view.cabin.name} del ${longSpanishDate(view.checkIn)} al ${longSpanishDate(view.checkOut)}`
  const content: MailContent =
    by === 'host'
      ? {
          subject: `Cancelaste la reserva en ${view.cabin.name}`,
          preheader: `Reembolsamos ${pesos(view.totalPrice)} al huésped y le avisamos.`,
          heading: 'Cancelaste una reserva',
          blocks: [
            {
              kind: 'paragraph',
              text: `Hola ${firstName}: cancelaste la reserva de ${view.guestFirstName} en ${stay}.`,
            },
            { kind: 'details', title: 'Reserva cancelada', rows: stayRows(view) },
            {
              kind: 'list',
              title: 'Qué sigue',
              items: [
                `Reembolsamos al huésped el pago completo (${pesos(view.totalPrice)}) y le avisamos por correo.`,
                'Las noches quedan bloqueadas en tu calendario; puedes liberarlas desde el calendario de la cabaña.',
                'La cancelación queda registrada en tu historial de anfitrión.',
              ],
            },
            { kind: 'button', label: 'Ver mis reservas', href: reservations },
          ],
        }
      : {
          subject: `Cancelamos la reserva en ${view.cabin.name}`,
          preheader: `Cabañas MX canceló y reembolsó la reserva de ${view.guestFirstName}.`,
          heading: 'Cancelamos una reserva de tu cabaña',
          blocks: [
            {
              kind: 'paragraph',
              text: `Hola ${firstName}: el equipo de Cabañas MX canceló la reserva de ${view.guestFirstName} en ${stay} y reembolsó al huésped el pago completo (${pesos(view.totalPrice)}). Las noches quedaron libres.`,
            },
            { kind: 'details', title: 'Reserva cancelada', rows: stayRows(view) },
            { kind: 'button', label: 'Ver mis reservas', href: reservations },
            {
              kind: 'fine-print',
              text: `Si tienes dudas, escríbenos a ${SUPPORT_EMAIL} con el ID de reserva.`,
            },
          ],
        }
  return renderMail(content, ctx)
}
