import type { HostListing, ListingDraft, ListingFieldIssue, ListingStep } from '@cabanas/domain/listings'
import { isApiError } from '../../../lib/api-client'

/*
 * The editor's autosave, without React: each step's latest value waits `debounceMs`, then is sent whole
 * with the listing's version, one request at a time (each save answers the next version). Nothing typed
 * is dropped: a value leaves the queue only once the server stored it; a failed request is retried with
 * a growing delay; a refused one (400) is kept, with the server's messages, until the host changes it;
 * a stale version (409) stops saving until the host reloads.
 */

type StepValue = NonNullable<ListingDraft[ListingStep]>

export type AutosaveStatus =
  /** Nothing changed since the page opened. */
  | 'idle'
  /** Changes wait for the debounce, or are being sent. */
  | 'saving'
  | 'saved'
  /** The last request failed (network, server): retried after a growing delay. */
  | 'retrying'
  /** The server refused a step's value (400): its messages sit beside the fields. */
  | 'refused'
  /** Another window saved a newer version (409): nothing is sent until the host reloads. */
  | 'conflict'

export type AutosaveSnapshot = {
  status: AutosaveStatus
  /** The server's refusals of a step's last save, by step (400 details). */
  issues: Partial<Record<ListingStep, ListingFieldIssue[]>>
  /** A step's value not stored yet (waiting, failing or refused): what its form shows when reopened. */
  unsaved: Partial<Record<ListingStep, StepValue>>
  /** Another status-changing message from the server (a 4xx other than 400/409: 'En revisión'…). */
  message: string | null
}

export type ListingAutosaveOptions = {
  version: number
  save: (step: ListingStep, value: StepValue, version: number) => Promise<HostListing>
  onSaved: (listing: HostListing) => void
  onUnauthorized: () => void
  debounceMs?: number
  /** Waits before each retry; the last one repeats. */
  retryDelaysMs?: readonly number[]
}

export const AUTOSAVE_DEBOUNCE_MS = 800
export const AUTOSAVE_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const

export type ListingAutosave = ReturnType<typeof createListingAutosave>

/** The server's `details: [{ field: 'seasons.0.endsOn', message }]` as field issues. */
export function issuesFromDetails(body: unknown): ListingFieldIssue[] {
  const details = (body as { details?: unknown } | null)?.details
  if (!Array.isArray(details)) return []
  return details.flatMap((detail: unknown) => {
    const { field, message } = (detail ?? {}) as { field?: unknown; message?: unknown }
    if (typeof message !== 'string') return []
    const path =
      typeof field === 'string' && field !== ''
        ? field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
        : []
    return [{ path, message }]
  })
}

export function createListingAutosave({
  version: initialVersion,
  save,
  onSaved,
  onUnauthorized,
  debounceMs = AUTOSAVE_DEBOUNCE_MS,
  retryDelaysMs = AUTOSAVE_RETRY_DELAYS_MS,
}: ListingAutosaveOptions) {
  let version = initialVersion
  const queue = new Map<ListingStep, StepValue>()
  const refused = new Map<ListingStep, StepValue>()
  let inFlight = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let failures = 0
  let stopped = false
  /** The editor left: what waits is still sent, but a failure is not retried. */
  let detached = false
  let snapshot: AutosaveSnapshot = { status: 'idle', issues: {}, unsaved: {}, message: null }
  const listeners = new Set<() => void>()

  function publish(changes: Partial<AutosaveSnapshot>) {
    const unsaved = Object.fromEntries([...refused, ...queue]) as AutosaveSnapshot['unsaved']
    snapshot = { ...snapshot, unsaved, ...changes }
    for (const listener of listeners) listener()
  }

  function schedule(ms: number) {
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void sendNext()
    }, ms)
  }

  async function sendNext() {
    if (inFlight || stopped || snapshot.status === 'conflict') return
    const next = queue.entries().next()
    if (next.done) return
    const [step, value] = next.value
    inFlight = true
    publish({ status: 'saving' })
    try {
      const listing = await save(step, value, version)
      version = listing.version
      failures = 0
      if (queue.get(step) === value) queue.delete(step)
      const { [step]: _cleared, ...issues } = snapshot.issues
      onSaved(listing)
      publish({ status: queue.size > 0 ? 'saving' : 'saved', issues, message: null })
    } catch (error) {
      const status = isApiError(error) ? error.status : 0
      if (status === 401) {
        stopped = true
        onUnauthorized()
      } else if (status === 409) {
        publish({ status: 'conflict' })
      } else if (status >= 400 && status < 500) {
        // Refused: kept for the form (nothing typed is lost), sent again only when changed.
        if (queue.get(step) === value) {
          queue.delete(step)
          refused.set(step, value)
        }
        const issues = status === 400 && isApiError(error) ? issuesFromDetails(error.body) : []
        publish({
          status: 'refused',
          issues: { ...snapshot.issues, [step]: issues },
          message: isApiError(error) && issues.length === 0 ? error.message : null,
        })
      } else {
        failures += 1
        publish({ status: 'retrying' })
        if (!detached) schedule(retryDelaysMs[Math.min(failures, retryDelaysMs.length) - 1] ?? 30_000)
      }
      return
    } finally {
      inFlight = false
    }
    // Changes made while the request was out, or other steps waiting: sent after their debounce.
    if (queue.size > 0 && timer === null) void sendNext()
  }

  return {
    /** A step's new whole value: saved after the debounce (a newer one replaces it). */
    change(step: ListingStep, value: StepValue) {
      refused.delete(step)
      queue.delete(step) // re-inserted last: steps are sent in the order they were changed
      queue.set(step, value)
      if (snapshot.status === 'conflict') {
        publish({})
        return
      }
      publish({ status: snapshot.status === 'retrying' ? 'retrying' : 'saving' })
      if (snapshot.status !== 'retrying' || failures === 0) schedule(debounceMs)
    },
    /** Sends what waits now (leaving a step, 'Reintentar'). */
    flush() {
      if (timer !== null) clearTimeout(timer)
      timer = null
      void sendNext()
    },
    /** True while something typed is not stored yet. */
    hasUnsaved: () => queue.size > 0 || refused.size > 0 || inFlight,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
    /** The editor is shown: failures are retried. */
    attach() {
      detached = false
    },
    /** The editor is going away: what waits is sent at once, and nothing is retried afterwards. */
    detach() {
      detached = true
      if (timer !== null) clearTimeout(timer)
      timer = null
      void sendNext()
    },
  }
}
