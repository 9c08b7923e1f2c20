import { House, RefreshCw, SearchX, TriangleAlert } from 'lucide-react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { NotFoundHead } from '../components/seo/not-found-head'
import { Button, buttonStyles } from '../components/ui/button'
import { MessagePanel } from '../components/ui/message-panel'
import { paths } from './paths'
import { RootLayout } from './root-layout'

/** Error element of every page: shown inside the layout when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError()
  // A not-found is an answer, not a failure (the server renders it for every unknown address).
  if (!isRouteErrorResponse(error)) console.error(error)

  const homeLink = (
    <Link to={paths.home()} className={buttonStyles({ variant: 'outline' })}>
      <House aria-hidden="true" />
      Volver al inicio
    </Link>
  )

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <MessagePanel icon={<SearchX />} title="Oops! Page not found" headingLevel={1}>
        <NotFoundHead />
        {homeLink}
      </MessagePanel>
    )
  }
  return (
    <MessagePanel
      role="alert"
      tone="error"
      icon={<TriangleAlert />}
      title="Algo salió mal"
      description="Ocurrió un error inesperado al mostrar esta página. Por favor, intenta de nuevo."
      headingLevel={1}
    >
      <Button onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        Reintentar
      </Button>
      {homeLink}
    </MessagePanel>
  )
}

/** Error element of the root route: the layout itself may have failed, so it draws its own frame. */
export function RootError() {
  return (
    <RootLayout>
      <RouteError />
    </RootLayout>
  )
}
