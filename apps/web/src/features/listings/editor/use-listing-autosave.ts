import type { HostListing } from '@cabanas/domain/listings'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { createListingAutosave, type ListingAutosaveOptions } from './listing-autosave'

/**
 * The editor's autosave for one read of the listing (a reload after a 409 makes a new one). Leaving the
 * editor sends what waits; closing the tab with unsaved changes asks first.
 */
export function useListingAutosave(listing: HostListing, options: Omit<ListingAutosaveOptions, 'version'>) {
  const [autosave] = useState(() => createListingAutosave({ ...options, version: listing.version }))
  const snapshot = useSyncExternalStore(autosave.subscribe, autosave.getSnapshot, autosave.getSnapshot)

  useEffect(() => {
    autosave.attach()
    const warn = (event: BeforeUnloadEvent) => {
      if (autosave.hasUnsaved()) event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => {
      window.removeEventListener('beforeunload', warn)
      autosave.detach()
    }
  }, [autosave])

  return { autosave, snapshot }
}
