import { PRESELECTED_LOCATION_KEY, useSearchStore } from './header-search-context'
import { isPhone, type SearchSegment, scrollToTop, segmentTriggerId } from './search-segments'

/**
 * What a page may do to the header search without reading it: the component re-renders neither when a
 * panel opens nor when the draft changes (`updateDraft` and `setOpenPanel` never change; an effect may
 * depend on them).
 */
export function useSearchActions() {
  const { updateDraft, setOpenPanel } = useSearchStore()
  return {
    updateDraft,
    setOpenPanel,
    /** A destination chosen on the home page: remembered for the session and shown in the header. */
    preselectLocation: (location: string) => {
      try {
        sessionStorage.setItem(PRESELECTED_LOCATION_KEY, location)
      } catch {
        // Private mode or storage full: the header still shows it for this page.
      }
      updateDraft({ location })
    },
    /**
     * Scrolls back to the full search bar and opens one of its segments (the pill, a popular
     * destination). On phones the bar is not on the page but opens as a sheet over it: no scroll, and
     * the sheet puts the focus on the segment once it shows (focusing a hidden button would only make
     * the browser compute the page's styles inside the tap, for nothing).
     */
    revealSegment: (segment: SearchSegment) => {
      setOpenPanel(segment)
      if (isPhone()) return
      scrollToTop()
      document.getElementById(segmentTriggerId(segment))?.focus({ preventScroll: true })
    },
  }
}
