import { EARLY_TAP_PENDING_ATTRIBUTE } from '@cabanas/domain/pages'
import { type ReactNode, useEffect } from 'react'

declare global {
  interface Window {
    /** The tap the document's early script kept (EARLY_TAPS_SCRIPT); null once the app took over. */
    __earlyTaps?: HTMLElement[] | null
  }
}

/**
 * Takes over from the document's early script: from now on React answers taps itself (one that comes
 * while it hydrates is replayed by React), and the tap the script kept, if any, is returned.
 */
export function takeEarlyTap(): HTMLElement | undefined {
  const kept = window.__earlyTaps?.[0]
  window.__earlyTaps = null
  return kept
}

/** Clicks the kept button again, now that React owns it: the tap does its job. */
function replay(button: HTMLElement) {
  button.removeAttribute(EARLY_TAP_PENDING_ATTRIBUTE)
  button.removeAttribute('aria-busy')
  const disabled = button instanceof HTMLButtonElement && button.disabled
  if (button.isConnected && !disabled) button.click()
}

/**
 * Replays `tap` once the page has hydrated (its effects run after the hydration commit). It renders
 * its child alone, so it adds no level that would change the ids useId gives on the server.
 */
export function ReplayEarlyTap({ tap, children }: { tap: HTMLElement | undefined; children: ReactNode }) {
  useEffect(() => {
    if (tap) replay(tap)
  }, [tap])
  return children
}
