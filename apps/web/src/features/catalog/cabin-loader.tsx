import type { Cabin } from '@cabanas/domain/catalog'
import { House, RefreshCw, SearchX, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { NotFoundHead } from '../../components/seo/not-found-head'
import { Button, buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { isStale, showsFailure } from '../../lib/query-failure'
import { useCabin } from './use-cabin'

type CabinLoaderProps = {
  cabinId: string
  /** Where the not-found and error states send the guest back to. */
  homeHref: string
  /** The page of the loaded cabin. */
  children: (cabin: Cabin) => ReactNode
}

/** A cabin's page, fetched by id, with its loading, not-found and error states (spec §2). */
export function CabinLoader({ cabinId, homeHref, children }: CabinLoaderProps) {
  const cabin = useCabin(cabinId)

  if (cabin.isPending) return <PageSpinner label="Cargando la cabaña…" />
  if (showsFailure(cabin)) {
    const isNotFound =
      isApiError(cabin.error) && (cabin.error.code === 'CABIN_NOT_FOUND' || cabin.error.status === 404)
    const homeLink = (
      <Link to={homeHref} className={buttonStyles({ variant: isNotFound ? 'primary' : 'outline' })}>
        <House aria-hidden="true" />
        Volver al inicio
      </Link>
    )
    if (isNotFound) {
      return (
        <>
          <NotFoundHead />
          <MessagePanel
            icon={<SearchX />}
            title="La cabaña no fue encontrada"
            description="Es posible que ya no esté disponible o que el enlace sea incorrecto."
            headingLevel={1}
          >
            {homeLink}
          </MessagePanel>
        </>
      )
    }
    return (
      <MessagePanel
        role="alert"
        tone="error"
        icon={<TriangleAlert />}
        title="Ocurrió un error"
        description="No se pudieron cargar los datos de la cabaña. Por favor, intenta de nuevo más tarde."
        headingLevel={1}
      >
        <Button onClick={() => void cabin.refetch()}>
          <RefreshCw aria-hidden="true" />
          Reintentar
        </Button>
        {homeLink}
      </MessagePanel>
    )
  }
  return (
    <>
      {/* Always there, empty while fresh: its live region announces a failure. */}
      <div className={isStale(cabin) ? 'mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6 lg:px-8' : undefined}>
        <StaleNotice query={cabin} />
      </div>
      {children(cabin.data)}
    </>
  )
}
