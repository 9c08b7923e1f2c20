import { renderMail } from './render.ts'
import {
  copyLinkBlock,
  longSpanishDate,
  type MailContext,
  type RenderedMailWithFiles,
  type StayMailView,
  stayRows,
  tripUrl,
} from './templates.ts'

// An account's mails (verify an address, change it, reset the password) and a guest's trip link.

// A link's secret travels in the fragment: the browser never sends it to a server or in a Referer.
const verifyEmailUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/verificar-correo#token=${encodeURIComponent(token)}`

const resetPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/forgot-password#token=${encodeURIComponent(token)}`

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
