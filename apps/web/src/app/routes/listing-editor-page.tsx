import { requireValue } from '@cabanas/domain/shared'
import { useQueryClient } from '@tanstack/react-query'
import { CalendarDays } from 'lucide-react'
import { useState } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { PageSpinner } from '../../components/ui/spinner'
import { useSession } from '../../features/auth/use-session'
import { EDITOR_STEPS, type EditorStep } from '../../features/listings/editor/editor-steps'
import { ListingEditor } from '../../features/listings/editor/listing-editor'
import { listingKey, useListing } from '../../features/listings/editor/use-listing'
import { isApiError } from '../../lib/api-client'
import { showsFailure } from '../../lib/query-failure'
import { LISTING_STEP_SLUGS, paths } from '../paths'

const SLUGS: Record<EditorStep, string> = LISTING_STEP_SLUGS

function stepOfSlug(slug: string | undefined): EditorStep | undefined {
  return EDITOR_STEPS.find((step) => SLUGS[step] === slug)
}

/** '/anfitrion/cabanas/:id/:paso': one step of a listing's editor. The route lets only hosts in. */
export function ListingEditorPage() {
  const { id = '', paso } = useParams()
  const { token, expireSession } = useSession()
  const queryClient = useQueryClient()
  const listing = useListing({ token: token ?? '', id, onUnauthorized: expireSession })
  const step = stepOfSlug(paso)
  const [reloads, setReloads] = useState(0)

  if (!step) return <Navigate to={paths.listingStep(id, 'type')} replace />
  if (listing.isPending) return <PageSpinner label="Cargando tu cabaña…" />
  // A failed refresh in passing keeps the editor and what the host typed; its save line says the rest.
  if (showsFailure(listing)) {
    return isApiError(listing.error) && listing.error.status === 404 ? (
      <MessagePanel
        headingLevel={1}
        title="No encontramos esa cabaña"
        description="Puede que la hayas borrado."
      >
        <Link to={paths.myCabins()} className={buttonStyles()}>
          Ir a Mis cabañas
        </Link>
      </MessagePanel>
    ) : (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <Alert
          tone="error"
          role="alert"
          title="No se pudo cargar tu cabaña. Revisa tu conexión e intenta de nuevo."
        />
      </div>
    )
  }
  const { cabinId } = listing.data
  return (
    <ListingEditor
      // A new editor (and autosave) for each read of the listing: 'Recargar' after a 409 starts over.
      key={reloads}
      token={requireValue(token, 'the host session')}
      listing={listing.data}
      step={step}
      stepHref={(target) => paths.listingStep(id, target)}
      backHref={paths.myCabins()}
      cabinLink={
        cabinId && (
          <>
            <Link to={paths.hostCalendar(id)} className={buttonStyles({ variant: 'outline' })}>
              <CalendarDays aria-hidden="true" />
              Calendario
            </Link>
            <Link to={paths.cabin(cabinId)} className={buttonStyles({ variant: 'outline' })}>
              Ver publicada
            </Link>
          </>
        )
      }
      onUnauthorized={expireSession}
      onReload={async () => {
        await queryClient.refetchQueries({
          queryKey: listingKey(requireValue(token, 'the host session'), id),
        })
        setReloads((count) => count + 1)
      }}
    />
  )
}
