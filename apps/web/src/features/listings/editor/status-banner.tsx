import { type HostListing, listingApiMessages } from '@cabanas/domain/listings'
import { Pause, Play } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'

type StatusBannerProps = {
  listing: HostListing
  /** The published cabin's page ('Ver publicada'). */
  cabinLink: ReactNode
  onPause: () => void
  onUnpause: () => void
  busy: boolean
  error: string | null
}

/** Where the listing stands when it is not a plain draft: returned, in review, published or paused. */
export function StatusBanner({ listing, cabinLink, onPause, onUnpause, busy, error }: StatusBannerProps) {
  const failure = error && <p className="mt-2 font-medium text-red-800">{error}</p>
  switch (listing.status) {
    case 'draft':
      return null
    case 'returned':
      return (
        <Alert tone="warning" title="El equipo de Cabañas MX te devolvió este anuncio">
          <p className="whitespace-pre-line">{listing.returnReason}</p>
          <p className="mt-1">Corrige lo que te piden y vuelve a enviarlo a revisión.</p>
        </Alert>
      )
    case 'submitted':
      return (
        <Alert tone="info" title="En revisión">
          {listingApiMessages.notEditable}
        </Alert>
      )
    case 'published':
      return (
        <Alert tone="success" title="Publicado">
          <p>Los cambios que hagas se aplican de inmediato en tu cabaña publicada.</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {cabinLink}
            <Button variant="outline" onClick={onPause} disabled={busy}>
              <Pause aria-hidden="true" />
              Pausar anuncio
            </Button>
          </div>
          {failure}
        </Alert>
      )
    case 'paused':
      return (
        <Alert tone="warning" title="Pausado">
          <p>Los huéspedes no ven tu cabaña ni pueden reservarla hasta que la reactives.</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button onClick={onUnpause} disabled={busy}>
              <Play aria-hidden="true" />
              Reactivar anuncio
            </Button>
            {cabinLink}
          </div>
          {failure}
        </Alert>
      )
  }
}
