import { MailSearch, SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { MessagePanel } from '../../components/ui/message-panel'
import { TripLinkForm } from './trip-link-form'

type TripNoAccessProps = {
  reservationId: string
  /** Whether the page had a link's secret for this reservation (a wrong or replaced one, then). */
  hadLink: boolean
  /** The ways forward (the page brings the links). */
  children: ReactNode
}

/**
 * The trip page when the API did not open the reservation: a wrong link, another client's session, or
 * nothing at all (the bare address in a browser that never opened the mail's link). It says which
 * ways in exist, never whether this reservation exists, and offers to mail a new link to the address
 * the reservation was made with.
 */
export function TripNoAccess({ reservationId, hadLink, children }: TripNoAccessProps) {
  return (
    <>
      <title>Reserva no disponible — Cabañas MX</title>
      {hadLink ? (
        <MessagePanel
          icon={<SearchX />}
          title="No pudimos abrir esta reserva"
          description="El enlace no es válido o no tienes acceso a ella. Abre el enlace de tu correo de confirmación o, si reservaste con tu cuenta, inicia sesión."
          headingLevel={1}
        >
          {children}
        </MessagePanel>
      ) : (
        <MessagePanel
          icon={<MailSearch />}
          title="Abre tu reserva con el enlace de tu correo"
          description="Por seguridad, esta página se abre con el enlace que te enviamos por correo al reservar (o al cancelar) o con la cuenta con la que reservaste. Abre ese enlace en este navegador o inicia sesión."
          headingLevel={1}
        >
          {children}
        </MessagePanel>
      )}
      <TripLinkForm reservationId={reservationId} />
    </>
  )
}
