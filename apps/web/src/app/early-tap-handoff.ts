import { EARLY_TAP_CONTROLS, EARLY_TAP_PENDING_ATTRIBUTE } from '@cabanas/contracts/early-taps'

declare global {
  interface Window {
    /**
     * The tap the document's early script kept (EARLY_TAPS_SCRIPT): the button, its label then, and
     * whether the script set its aria-busy. Null once the app took over.
     */
    __earlyTaps?: [HTMLElement?, string?, boolean?] | null
  }
}

/** React's mark on an element it has hydrated (its props, kept on the DOM node). */
export function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'))
}

/** A tap made before the app ran, waiting to be replayed. */
export type EarlyTap = { button: HTMLElement; label: string; setBusy: boolean; superseded: boolean }

/**
 * Takes over from the document's early script: from now on React answers taps itself (one that comes
 * while it hydrates is replayed by React, and it supersedes the kept one), and the tap the script
 * kept, if any, is returned.
 */
export function takeEarlyTap(): EarlyTap | undefined {
  const [button, label = '', setBusy = false] = window.__earlyTaps ?? []
  window.__earlyTaps = null
  if (!button) return undefined
  const tap: EarlyTap = { button, label, setBusy, superseded: false }
  // The early script's rule: a tap on a control (not on the page's blank space) is the person going on.
  const onClick = (event: MouseEvent) => {
    if (!event.isTrusted || !(event.target instanceof Element)) return
    if (!event.target.closest(EARLY_TAP_CONTROLS)) return
    tap.superseded = true
    document.removeEventListener('click', onClick, { capture: true })
  }
  document.addEventListener('click', onClick, { capture: true })
  return tap
}

/** Clears the kept tap's mark (after its replay, or when the app could not start). */
export function clearEarlyTap(tap: EarlyTap | undefined) {
  if (!tap) return
  tap.button.removeAttribute(EARLY_TAP_PENDING_ATTRIBUTE)
  if (tap.setBusy) tap.button.removeAttribute('aria-busy')
}

/** The app could not start (its code failed to load): taps go back to the browser, marks are cleared. */
export function giveUpEarlyTaps() {
  clearEarlyTap(takeEarlyTap())
}
