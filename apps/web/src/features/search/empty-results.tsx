import { SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'

type EmptyResultsProps = {
  hasFilters: boolean
  /** The search without its filters: a link, so it works before the app runs. */
  clearFiltersHref: string
  /** A way to change a search that found nothing (another place, other dates). */
  searchForm: ReactNode
}

/** Spec §2's two empty states, each with a way out. */
export function EmptyResults({ hasFilters, clearFiltersHref, searchForm }: EmptyResultsProps) {
  if (hasFilters) {
    return (
      <MessagePanel
        icon={<SearchX />}
        title="No hay resultados"
        description="Intenta ajustar tus filtros de búsqueda."
      >
        <Link to={clearFiltersHref} className={buttonStyles({ variant: 'outline' })}>
          Borrar filtros
        </Link>
      </MessagePanel>
    )
  }
  return (
    <>
      <MessagePanel
        icon={<SearchX />}
        title="No se encontraron cabañas"
        description="No hay cabañas disponibles para los criterios de búsqueda."
        className="pb-8 sm:pb-8"
      />
      {searchForm}
    </>
  )
}
