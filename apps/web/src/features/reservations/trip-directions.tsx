import type { ReservationDetails } from '@cabanas/domain/reservations'
import { CalendarPlus, MapPin, Navigation } from 'lucide-react'
import { useState } from 'react'
import { BusyButton } from '../../components/ui/busy-button'
import { buttonStyles } from '../../components/ui/button'
import { TitledCard } from '../../components/ui/titled-card'
import { saveFile } from '../../lib/save-file'
import { fetchTripCalendar } from './trip.api'
import type { TripCredentials } from './trip-access'

/** Spec §2's external maps service: driving directions to the cabin's coordinates. */
export function directionsUrl({ latitude, longitude }: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`
}

type TripDirectionsCardProps = { reservation: ReservationDetails; credentials: TripCredentials }

/** Where the cabin is, the way there, and the stay for the guest's calendar (.ics). */
export function TripDirectionsCard({ reservation, credentials }: TripDirectionsCardProps) {
  const [calendar, setCalendar] = useState<'idle' | 'loading' | 'failed'>('idle')

  async function addToCalendar() {
    setCalendar('loading')
    try {
      const { file, fileName } = await fetchTripCalendar(reservation._id, credentials)
      saveFile(file, fileName)
      setCalendar('idle')
    } catch {
      setCalendar('failed')
    }
  }

  return (
    <TitledCard title="Cómo llegar" icon={<MapPin />}>
      <p className="text-sm text-stone-700">
        <span className="font-medium text-stone-900">{reservation.resourceName}</span>
        <span className="block">{reservation.cabin.address}, México</span>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap lg:flex-col">
        <a
          href={directionsUrl(reservation.cabin)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles({ variant: 'primary' })}
        >
          <Navigation aria-hidden="true" />
          Cómo llegar
          <span className="sr-only">(se abre en una pestaña nueva)</span>
        </a>
        <BusyButton
          variant="outline"
          onClick={addToCalendar}
          busy={calendar === 'loading'}
          icon={<CalendarPlus aria-hidden="true" />}
        >
          Agregar al calendario
        </BusyButton>
      </div>
      {calendar === 'failed' && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          No se pudo descargar el calendario. Intenta de nuevo.
        </p>
      )}
    </TitledCard>
  )
}
