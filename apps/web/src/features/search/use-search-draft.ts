import { type SearchDraft, useSearchState, useSearchStore } from './header-search-context'

/** The header search draft, for what shows it (the bar, the pill); re-renders when it changes. */
export function useSearchDraft(): { draft: SearchDraft; updateDraft: (patch: Partial<SearchDraft>) => void } {
  const draft = useSearchState((state) => state.draft)
  return { draft, updateDraft: useSearchStore().updateDraft }
}
