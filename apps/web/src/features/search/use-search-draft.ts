import { useContext } from 'react'
import { DraftContext } from './header-search-context'

/** The header search draft, for what shows it (the bar, the pill); re-renders when it changes. */
export function useSearchDraft() {
  const context = useContext(DraftContext)
  if (!context) throw new Error('useSearchDraft needs a HeaderSearchProvider')
  return context
}
