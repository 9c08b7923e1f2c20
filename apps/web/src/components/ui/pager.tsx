import { cx } from '../../lib/cx'
import { Button } from './button'

/**
 * 'Anterior · Página N de M · Siguiente' under a paged list (the API's page, pageSize and total).
 * Nothing when everything fits on one page.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  className,
}: {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
  className?: string
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Páginas" className={cx('flex items-center justify-center gap-3', className)}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <span className="text-sm text-stone-600">
        Página {page} de {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Siguiente
      </Button>
    </nav>
  )
}
