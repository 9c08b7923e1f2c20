import { X } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import {
  isPhone,
  PHONE_QUERY,
  SEARCH_SHEET_ID,
  SEARCH_TRIGGER_ID,
  type SearchSegment,
} from './search-segments'

/**
 * Whether the HTML sheet shows (before the app took over): opened as a popover, or, on a phone, shown
 * because the address names one of its fields (`#search-check-in`). False where a selector is unknown.
 */
function isNativeSheetShown(element: Element): boolean {
  try {
    return element.matches(':popover-open') || (isPhone() && element.matches(':has(:target)'))
  } catch {
    return false
  }
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

  // Set while rendering, not in an effect: the tap that opens a segment draws the sheet in one render
  // and one commit, not two (a phone's tap otherwise pays for the bar twice).
  if (open && !isSheetOpen && isPhone()) setSheetOpen(true)

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
    /** The HTML sheet (before the app took over) opened or closed by itself: the app's follows it. */
    followNativeSheet: setSheetOpen,
  }
}

type SearchSheetProps = {
  isOpen: boolean
  /**
   * False in the server's HTML and until the app has taken over: the sheet is then an HTML popover
   * that the header trigger opens and its close button closes, with no JavaScript.
   */
  isEnhanced: boolean
  onClose: () => void
  /** The HTML popover opened or closed (only before the app took over). */
  onNativeToggle: (isOpen: boolean) => void
  children: ReactNode
}

/** The sheet's look on phones, open; the HTML popover and the app's sheet share it. */
const OPEN_SHEET_CLASSES =
  'max-md:fixed max-md:inset-0 max-md:z-50 max-md:overflow-y-auto max-md:overscroll-contain max-md:bg-stone-50 max-md:px-4 max-md:pb-10 max-md:motion-safe:animate-fade-in'

/**
 * The popover's own styles (centred, bordered, sized to fit) undone: on phones it covers the screen as
 * the app's sheet does; on wide screens it is not a popover but the bar under the header, always shown.
 */
const POPOVER_SHEET_CLASSES = `group/sheet ${OPEN_SHEET_CLASSES} max-md:[&:has(:target)]:block max-md:m-0 max-md:size-full max-md:max-h-none max-md:max-w-none max-md:border-0 max-md:pt-0 max-md:text-inherit md:static md:m-0 md:block md:size-auto md:overflow-visible md:border-0 md:bg-transparent md:p-0 md:text-inherit`

/**
 * Around the full bar. Wide screens: nothing, the bar sits under the header. Phones: hidden until the
 * search opens, then a full-screen dialog with a title and a close button. Before the app runs it is
 * an HTML popover with the same look, which also shows when the address names one of its fields (a
 * destination chosen before the app ran lands on `#search-check-in`).
 */
export function SearchSheet({ isOpen, isEnhanced, onClose, onNativeToggle, children }: SearchSheetProps) {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const onToggle = useRef(onNativeToggle)
  onToggle.current = onNativeToggle

  // Hydrated while the HTML sheet shows (a tap before the app ran): the app's sheet opens with it, and
  // stays open when the popover gives way to it.
  useEffect(() => {
    if (ref.current && isNativeSheetShown(ref.current)) onToggle.current(true)
  }, [])

  if (!isEnhanced) {
    return (
      <div
        ref={ref}
        id={SEARCH_SHEET_ID}
        popover="auto"
        onToggle={(event) => onNativeToggle(event.newState === 'open')}
        className={POPOVER_SHEET_CLASSES}
      >
        <SheetHeader titleId={titleId}>
          {/* Open as a popover, the button closes it; shown for the address's fragment, a link back to the
              header's trigger (which then has the focus, as when the app's sheet closes). */}
          <button
            type="button"
            popoverTarget={SEARCH_SHEET_ID}
            popoverTargetAction="hide"
            aria-label="Cerrar búsqueda"
            className={`hidden group-[:popover-open]/sheet:flex ${CLOSE_BUTTON_CLASSES}`}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
          <a
            href={`#${SEARCH_TRIGGER_ID}`}
            aria-label="Cerrar búsqueda"
            onClick={() => onNativeToggle(false)}
            className={`flex group-[:popover-open]/sheet:hidden ${CLOSE_BUTTON_CLASSES}`}
          >
            <X aria-hidden="true" className="size-5" />
          </a>
        </SheetHeader>
        {children}
      </div>
    )
  }

  const dialog = isOpen ? ({ role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } as const) : {}
  return (
    <div ref={ref} {...dialog} className={isOpen ? OPEN_SHEET_CLASSES : 'max-md:hidden'}>
      {isOpen && (
        <SheetHeader titleId={titleId}>
          <button
            type="button"
            aria-label="Cerrar búsqueda"
            onClick={onClose}
            className={`flex ${CLOSE_BUTTON_CLASSES}`}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </SheetHeader>
      )}
      {children}
    </div>
  )
}

const CLOSE_BUTTON_CLASSES =
  'size-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 hover:shadow-md'

function SheetHeader({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="flex h-16 items-center justify-between gap-3 md:hidden">
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        Busca tu cabaña
      </h2>
      {children}
    </div>
  )
}
