import { X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { SEARCH_TRIGGER_ID } from './search-pill'
import type { SearchSegment } from './search-segments'

/** Below Tailwind's `md` the bar is not on the page: the header's one-line trigger opens it as a sheet. */
const PHONE_QUERY = '(max-width: 47.99rem)'

function isPhone(): boolean {
  return window.matchMedia(PHONE_QUERY).matches
}

function focusTrigger() {
  document.getElementById(SEARCH_TRIGGER_ID)?.focus({ preventScroll: true })
}

/**
 * Whether the search is open as a sheet over the page (phones only). A segment that opens on a phone
 * (the header trigger, a popular destination) opens it; the sheet stays until it is closed or the
 * search runs, so a tap beside a panel closes the panel, not the search. While it is open the page
 * behind does not scroll, Escape with no panel open closes it, and so does growing to a wide screen.
 */
export function useSearchSheet(open: SearchSegment | null) {
  const [isSheetOpen, setSheetOpen] = useState(false)

  useEffect(() => {
    if (open && !isSheetOpen && isPhone()) setSheetOpen(true)
  }, [open, isSheetOpen])

  useEffect(() => {
    if (!isSheetOpen) return
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    const phones = window.matchMedia(PHONE_QUERY)
    const onResize = () => {
      if (!phones.matches) setSheetOpen(false)
    }
    phones.addEventListener('change', onResize)
    return () => {
      root.style.overflow = overflow
      phones.removeEventListener('change', onResize)
    }
  }, [isSheetOpen])

  useEffect(() => {
    if (!isSheetOpen || open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setSheetOpen(false)
      focusTrigger()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [isSheetOpen, open])

  return {
    isSheetOpen,
    /** Closes the sheet and gives focus back to the header trigger. */
    closeSheet: () => {
      setSheetOpen(false)
      focusTrigger()
    },
  }
}

type SearchSheetProps = {
  isOpen: boolean
  onClose: () => void
  children: ReactNode
}

/**
 * Around the full bar. Wide screens: nothing, the bar sits under the header. Phones: hidden until the
 * search opens, then a full-screen dialog with a title and a close button.
 */
export function SearchSheet({ isOpen, onClose, children }: SearchSheetProps) {
  const titleId = useId()
  const dialog = isOpen ? ({ role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } as const) : {}
  return (
    <div
      {...dialog}
      className={
        isOpen
          ? 'max-md:fixed max-md:inset-0 max-md:z-50 max-md:overflow-y-auto max-md:overscroll-contain max-md:bg-stone-50 max-md:px-4 max-md:pb-10 max-md:motion-safe:animate-fade-in'
          : 'max-md:hidden'
      }
    >
      {isOpen && (
        <div className="flex h-16 items-center justify-between gap-3 md:hidden">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            Busca tu cabaña
          </h2>
          <button
            type="button"
            aria-label="Cerrar búsqueda"
            onClick={onClose}
            className="flex size-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 hover:shadow-md"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
      {children}
    </div>
  )
}
