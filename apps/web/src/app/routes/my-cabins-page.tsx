import { requireValue } from '@cabanas/domain/shared'
import { useMutation } from '@tanstack/react-query'
import { CalendarDays, House, Landmark, Plus, UserRoundPen } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Button, buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { useSession } from '../../features/auth/use-session'
import { ListingSummaryCard } from '../../features/listings/listing-summary-card'
import { createListing } from '../../features/listings/listings.api'
import { useMyListings } from '../../features/listings/use-my-listings'
import { isApiError } from '../../lib/api-client'
import { showsFailure } from '../../lib/query-failure'
import { paths } from '../paths'

/** 'Mis cabañas': the host's listings, and 'Publicar una cabaña nueva'. The route lets only hosts in. */
export function MyCabinsPage() {
  const { token, expireSession } = useSession()
  const navigate = useNavigate()
  const create = useMutation({
    mutationFn: () => createListing(requireValue(token, 'the host session')),
    onSuccess: ({ id }) => navigate(paths.listingStep(id, 'type')),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) expireSession()
    },
  })
  const newListing = (
    <Button onClick={() => create.mutate()} disabled={create.isPending}>
      <Plus aria-hidden="true" />
      {create.isPending ? 'Creando…' : 'Publicar una cabaña nueva'}
    </Button>
  )
  return (
    <>
      <title>Mis cabañas — Cabañas MX</title>
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Mis cabañas</h1>
            <p className="mt-1 text-stone-600">Las cabañas que ofreces en Cabañas MX.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={paths.hostProfile()} className={buttonStyles({ variant: 'outline' })}>
              <UserRoundPen aria-hidden="true" />
              Perfil de anfitrión
            </Link>
            <Link to={paths.hostPayouts()} className={buttonStyles({ variant: 'outline' })}>
              <Landmark aria-hidden="true" />
              Pagos
            </Link>
            {newListing}
          </div>
        </div>
        {create.isError && (
          <Alert
            tone="error"
            role="alert"
            className="mt-6"
            title="No se pudo crear la cabaña. Intenta de nuevo."
          />
        )}
        <div className="mt-8">{token && <MyListings token={token} onUnauthorized={expireSession} />}</div>
      </div>
    </>
  )
}

function MyListings({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  const listings = useMyListings({ token, onUnauthorized })
  if (listings.isPending) return <PageSpinner label="Cargando tus cabañas…" />
  if (showsFailure(listings)) {
    return <Alert tone="error" role="alert" title="No se pudieron cargar tus cabañas. Intenta de nuevo." />
  }
  const notice = <StaleNotice query={listings} className="mb-4" />
  if (listings.data.length === 0) {
    return (
      <>
        {notice}
        <MessagePanel
          icon={<House aria-hidden="true" />}
          title="Aún no tienes cabañas"
          description="Da de alta tu primera cabaña paso a paso: dónde está, fotos, precios y reglas. Se guarda sola mientras avanzas."
        />
      </>
    )
  }
  return (
    <>
      {notice}
      <ul className="flex flex-col gap-4">
        {listings.data.map((listing) => (
          <li key={listing.id}>
            <ListingSummaryCard
              listing={listing}
              editHref={paths.listingStep(listing.id, listing.status === 'submitted' ? 'review' : 'type')}
              cabinLink={
                listing.cabinId && (
                  <>
                    <Link
                      to={paths.hostCalendar(listing.id)}
                      className={buttonStyles({ variant: 'outline' })}
                      aria-label={`Calendario de ${listing.title ?? 'tu cabaña'}`}
                    >
                      <CalendarDays aria-hidden="true" />
                      Calendario
                    </Link>
                    <Link to={paths.cabin(listing.cabinId)} className={buttonStyles({ variant: 'outline' })}>
                      Ver publicada
                    </Link>
                  </>
                )
              }
            />
          </li>
        ))}
      </ul>
    </>
  )
}
