import { useContext } from 'react'
import { type HeaderPanel, PanelContext } from './header-search-context'

/** Which header panel is open; opening one closes the others. Re-renders when it changes. */
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
  }
}
