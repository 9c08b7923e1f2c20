import { useSyncExternalStore } from 'react'

/** Favourites are local only (spec §2): a list of cabin ids in local storage. */
export const FAVORITES_KEY = 'favoriteCabins'

const listeners = new Set<() => void>()
/** The server's favourites (it has no storage): what a hydrating page renders first. */
const NO_FAVORITES: ReadonlySet<string> = new Set()
let cachedRaw: string | null | undefined
let cachedIds: ReadonlySet<string> = new Set()

function readIds(): ReadonlySet<string> {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(FAVORITES_KEY)
  } catch {
    // Storage blocked: no favourites.
  }
  if (raw === cachedRaw) return cachedIds
  cachedRaw = raw
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    cachedIds = new Set(
      Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [],
    )
  } catch {
    cachedIds = new Set()
  }
  return cachedIds
}

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVORITES_KEY) onChange()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
  }
}

function toggleFavorite(id: string) {
  const ids = new Set(readIds())
  if (ids.has(id)) ids.delete(id)
  else ids.add(id)
  try {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([...ids]))
  } catch {
    return
  }
  for (const listener of listeners) listener()
}

/** Whether a cabin is a favourite, and a toggle; every card showing it stays in step. */
export function useFavorite(id: string): [isFavorite: boolean, toggle: () => void] {
  const ids = useSyncExternalStore(subscribe, readIds, () => NO_FAVORITES)
  return [ids.has(id), () => toggleFavorite(id)]
}
