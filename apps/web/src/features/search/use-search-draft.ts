import { useContext } from 'react'
import { DraftContext, PRESELECTED_LOCATION_KEY } from './header-search-context'

/** The header search draft and its setters. */
export function useSearchDraft() {
  const context = useContext(DraftContext)
  if (!context) throw new Error('useSearchDraft needs a HeaderSearchProvider')
  const { draft, updateDraft } = context
  return {
    draft,
    updateDraft,
    /** A destination chosen on the home page: remembered for the session and shown in the header. */
    preselectLocation: (location: string) => {
      try {
        sessionStorage.setItem(PRESELECTED_LOCATION_KEY, location)
      } catch {
        // Private mode or storage full: the header still shows it for this page.
      }
      updateDraft({ location })
    },
  }
}
