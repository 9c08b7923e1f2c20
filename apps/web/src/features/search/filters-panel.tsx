import { SlidersHorizontal } from 'lucide-react'
import { useCallback, useId, useState } from 'react'
import { NativeDialog } from '../../components/ui/native-dialog'
import { cx } from '../../lib/cx'
import { FiltersForm, type FiltersSearch } from './filters-form'
import { countActiveFilters, type ResultsFilters } from './results-query'
import { useOpenPanel } from './use-open-panel'

type FiltersPanelProps = {
  /** The address the form is sent to without JavaScript: the results page's. */
  action: string
  /** The search the filters narrow, sent again with them. */
  search: FiltersSearch
  /** The filters in the address. */
  filters: ResultsFilters
  /** 'Mostrar lugares', once the app runs: the page writes them into the address. */
  onApply: (filters: ResultsFilters) => void
}

/**
 * The 'Filtros' button and its dialog (spec §2), HTML first: the button opens a native `<dialog>`
 * holding a GET form of the results page (HTML Invoker Commands), so filtering works before the app
 * runs and without JavaScript. Once it runs, the dialog is the header's 'filtros' panel and changes
 * apply only with 'Mostrar lugares', by client-side navigation.
 */
export function FiltersPanel({ action, search, filters, onApply }: FiltersPanelProps) {
  const { openPanel, setOpenPanel } = useOpenPanel()
  const dialogId = useId()
  const titleId = useId()
  // Each opening by the app starts a new draft from the address.
  const [opening, setOpening] = useState(0)
  const isOpen = openPanel === 'filtros'
  const active = countActiveFilters(filters)

  const onOpenChange = useCallback(
    (open: boolean) => {
      if (open) setOpenPanel('filtros')
      else if (isOpen) setOpenPanel(null)
    },
    [isOpen, setOpenPanel],
  )

  return (
    <>
      <button
        type="button"
        commandfor={dialogId}
        command="show-modal"
        onClick={(event) => {
          event.preventDefault()
          setOpening((count) => count + 1)
          setOpenPanel('filtros')
        }}
        className={cx(
          'flex h-10 shrink-0 items-center gap-2 rounded-full border bg-white px-4 text-sm font-semibold text-stone-900 transition hover:shadow-md',
          active > 0 ? 'border-stone-900 ring-1 ring-stone-900' : 'border-stone-300',
        )}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filtros
        {active > 0 && (
          <span className="flex size-5 items-center justify-center rounded-full bg-stone-900 text-xs text-white">
            {active}
            <span className="sr-only"> activos</span>
          </span>
        )}
      </button>
      <NativeDialog
        id={dialogId}
        open={isOpen}
        onOpenChange={onOpenChange}
        labelledBy={titleId}
        className="inset-x-0 top-auto bottom-0 max-h-[92dvh] w-full flex-col rounded-t-3xl open:flex sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[85dvh] sm:w-[40rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
      >
        <FiltersForm
          opening={opening}
          action={action}
          search={search}
          initial={filters}
          dialogId={dialogId}
          titleId={titleId}
          onClose={() => setOpenPanel(null)}
          onApply={(next) => {
            setOpenPanel(null)
            onApply(next)
          }}
        />
      </NativeDialog>
    </>
  )
}
