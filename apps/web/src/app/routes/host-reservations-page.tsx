import type { HostReservationTab } from '@cabanas/domain/reservations'
import { useSearchParams } from 'react-router'
import { useApiSession } from '../../features/auth/use-session'
import { HostReservationList } from '../../features/reservations/host-reservation-list'
import { paths } from '../paths'

/** The tab in the address: '?pestana=pasadas' or 'canceladas'; 'Próximas' without it. */
const tabOfParam: Record<string, HostReservationTab> = { pasadas: 'past', canceladas: 'cancelled' }
const paramOfTab = { upcoming: undefined, past: 'pasadas', cancelled: 'canceladas' } as const

/** 'Reservas de mis cabañas': the host's reservations by tab, with their CSV. Hosts only. */
export function HostReservationsPage() {
  const [params, setParams] = useSearchParams()
  const tab = tabOfParam[params.get('pestana') ?? ''] ?? 'upcoming'
  const session = useApiSession()
  return (
    <>
      <title>Reservas de mis cabañas — Cabañas MX</title>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Reservas de mis cabañas
        </h1>
        <p className="mt-1 text-stone-600">Las estancias en tus cabañas: próximas, pasadas y canceladas.</p>
        <div className="mt-8">
          {session && (
            <HostReservationList
              session={session}
              tab={tab}
              onTabChange={(next) => {
                const value = paramOfTab[next]
                setParams(value ? { pestana: value } : {}, { replace: true })
              }}
              reservationHref={paths.hostReservation}
            />
          )}
        </div>
      </div>
    </>
  )
}
