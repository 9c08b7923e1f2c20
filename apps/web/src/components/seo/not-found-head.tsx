import { PageHead } from './page-head'

/** The head of every not-found answer (unknown path, cabin or destination): a 404 no engine indexes. */
export function NotFoundHead() {
  return (
    <PageHead
      title="Página no encontrada — Cabañas MX"
      description="La página que buscas no existe o ya no está disponible. Explora las cabañas de Cabañas MX en los destinos de México."
      noIndex
    />
  )
}
