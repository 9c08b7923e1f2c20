import { useContext } from 'react'
import { type HeaderPanel, PanelContext } from './header-search-context'
import { type SearchSegment, scrollToTop, segmentTriggerId } from './search-segments'

/** Which header panel is open; opening one closes the others. */
export function useOpenPanel() {
  const context = useContext(PanelContext)
  if (!context) throw new Error('useOpenPanel needs a HeaderSearchProvider')
  const { openPanel, setOpenPanel, isBarInView, setBarInView } = context
  return {
    openPanel,
    setOpenPanel,
    togglePanel: (panel: HeaderPanel) => setOpenPanel(openPanel === panel ? null : panel),
    closePanel: () => setOpenPanel(null),
    isBarInView,
    setBarInView,
    /**
     * Scrolls back to the full search bar and opens one of its segments (the pill, a popular
     * destination). On phones the bar is not on the page but opens as a sheet over it: no scroll.
     */
    revealSegment: (segment: SearchSegment) => {
      const trigger = document.getElementById(segmentTriggerId(segment))
      if (trigger?.getClientRects().length !== 0) scrollToTop()
      setOpenPanel(segment)
      trigger?.focus({ preventScroll: true })
    },
  }
}
