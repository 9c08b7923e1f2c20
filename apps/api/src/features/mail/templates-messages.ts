import type { MessageSide, ThreadKind } from '@cabanas/domain/messages'
import { SPANISH_MONTH_NAMES } from '@cabanas/domain/shared'
import { renderMail } from './render.ts'
import { copyLinkBlock, type MailContext, type RenderedMailWithFiles } from './templates.ts'

/** A new message as its mail shows it, read from the database when the mail is sent. */
export type MessageMailView = {
  thread: ThreadKind
  threadId: string
  /** Who gets the mail: the side that did not write. */
  to: MessageSide
  recipientFirstName: string
  /** The writer as the recipient knows them: the host's display name, the guest's first name. */
  senderName: string
  cabinName: string
  checkIn: string
  checkOut: string
  /** Plain text as stored (contact data already hidden before a confirmed stay); escaped by render.ts. */
  body: string
}

/**
 * The thread's page on the site (sign-in needed): the guest's under /mensajes, the host's under
 * /anfitrion/mensajes. From PUBLIC_URL, never from a request.
 */
export function threadUrl(
  publicUrl: string,
  { thread, threadId, to }: Pick<MessageMailView, 'thread' | 'threadId' | 'to'>,
) {
  const kind = thread === 'reservation' ? 'reserva' : 'solicitud'
  const base = to === 'host' ? '/anfitrion/mensajes' : '/mensajes'
  return `${publicUrl}${base}/${kind}/${encodeURIComponent(threadId)}`
}

/** '12 de julio': a calendar date's day and month. */
function dayAndMonth(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${day} de ${SPANISH_MONTH_NAMES[month - 1] ?? ''}`
}

/** 'Nuevo mensaje': the text, and the link to read and reply on the site (replying to the mail does nothing). */
export function messageReceivedMail(ctx: MailContext, view: MessageMailView): RenderedMailWithFiles {
  const link = threadUrl(ctx.publicUrl, view)
  const about = view.thread === 'reservation' ? 'la reserva' : 'la solicitud de reserva'
  const stay = `${dayAndMonth(view.checkIn)} al ${dayAndMonth(view.checkOut)}`
  return renderMail(
    {
      subject: `Nuevo mensaje de ${view.senderName}: ${view.cabinName}`,
      preheader: `${view.senderName} te escribió sobre ${about} del ${stay}.`,
      heading: 'Tienes un mensaje nuevo',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hola ${view.recipientFirstName}: ${view.senderName} te escribió sobre ${about} en «${view.cabinName}» del ${stay}.`,
        },
        { kind: 'notice', tone: 'info', title: `${view.senderName} escribió:`, text: view.body },
        { kind: 'button', label: 'Leer y responder', href: link },
        {
          kind: 'fine-print',
          text: 'Responde desde Cabañas MX (necesitas iniciar sesión): si respondes a este correo, tu mensaje no le llegará.',
        },
        copyLinkBlock(link),
      ],
    },
    ctx,
  )
}
