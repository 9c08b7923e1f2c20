import { isCalendarDate } from '@cabanas/domain/shared'
import { renderMail } from './render.ts'
import {
  cabinUrl,
  copyLinkBlock,
  longSpanishDate,
  type MailContext,
  type RenderedMailWithFiles,
} from './templates.ts'

// A host's mails about a listing (published, returned) and its imported calendars.

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
