import { type HeaderPanel, useSearchState, useSearchStore } from './header-search-context'

/** Which header panel is open; opening one closes the others. Re-renders when it changes. */
export function useOpenPanel() {
  const { setOpenPanel, setBarInView } = useSearchStore()
  const openPanel = useSearchState((state) => state.openPanel)
  return {
    openPanel,
    setOpenPanel,
    togglePanel: (panel: HeaderPanel) => setOpenPanel(openPanel === panel ? null : panel),
    closePanel: () => setOpenPanel(null),
    setBarInView,
  }
}

/** Whether the full search bar is on screen (the header shows the compact pill when it is not). */
export function useIsBarInView(): boolean {
  return useSearchState((state) => state.isBarInView)
}
