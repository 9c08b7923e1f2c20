import { EARLY_TAP_CONTROLS, EARLY_TAP_PENDING_ATTRIBUTE, earlyTapLabel } from '@cabanas/contracts/early-taps'
import { startTransition } from 'react'
import type { Root } from 'react-dom/client'
import { clearEarlyTap, type EarlyTap } from './early-tap-handoff'
import { replayEarlyTap, whenSettled } from './early-taps'

/**
 * The events React answers, on a part of the page it has not hydrated yet, by hydrating that part at
 * once, in the event's own task (React DOM's "discrete replayable" events a tap or a key press sends).
 */
const HYDRATING_EVENTS = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'click',
] as const

/** How long a kept tap waits for its island before it is dropped (and its mark cleared). */
const GIVE_UP_AFTER_MS = 10_000
const POLL_MS = 50

/** React's mark on an element it has hydrated (its props, kept on the DOM node). */
function isHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'))
}

type Held = { button: HTMLElement; keep: boolean }

/**
 * The server-rendered button a tap landed on, while React has not hydrated it. `keep`: the app answers
 * it (kept, marked and clicked again once hydrated); otherwise the browser does the job itself (a
 * native popover's trigger, a disabled button). Links, fields, labels, submit buttons and buttons whose
 * action needs the tap's own user activation (`data-needs-gesture`) go to React as they are.
 */
function heldControl(target: EventTarget | null, serverButtons: WeakSet<Element>): Held | undefined {
  if (!(target instanceof Element)) return undefined
  const control = target.closest(EARLY_TAP_CONTROLS)
  if (!(control instanceof HTMLElement) || !serverButtons.has(control) || isHydrated(control))
    return undefined
  const isButton = control instanceof HTMLButtonElement
  if (
    control.hasAttribute('href') ||
    control.hasAttribute('data-needs-gesture') ||
    (isButton && control.form && control.type === 'submit')
  )
    return undefined
  const native =
    ('popover' in HTMLElement.prototype && control.hasAttribute('popovertarget')) ||
    ('commandForElement' in HTMLButtonElement.prototype && control.hasAttribute('commandfor'))
  const disabled = (isButton && control.disabled) || control.getAttribute('aria-disabled') === 'true'
  return { button: control, keep: !native && !disabled }
}

/**
 * After the app has taken over from the document's early script, the page hydrates island by island
 * (HydrationIsland). A tap on a button of an island React has not hydrated yet would make React
 * hydrate that island, and the rest of the page's frame if it is not done, in the tap's own task: on
 * the results at 375 px, 'Mostrar mapa' tapped 2.2 s after navigation waited 268 ms in React's
 * `pointerdown` (4× CPU) before the browser could paint anything. Instead, as the early script does
 * before the app runs, the tap is kept and its button marked at once; React is asked to hydrate that
 * island first, in slices (a transition; an island inside one still waiting too is hydrated later at
 * the default priority, in one task of its own), and the button is clicked again once it is hydrated and
 * the page has settled (replayEarlyTap: not when the person tapped another control since, the page's
 * address changed, or the button's label did).
 * Returns the function that stops it (tests).
 */
export function holdTapsUntilHydrated(root: Root, container: Element): () => void {
  // Only what the server rendered: a button the app adds later (Leaflet's, a dialog's) has no React
  // mark of its own either, and is no one's to hold.
  const serverButtons = new WeakSet(container.querySelectorAll('button, [role="button"]'))
  let kept: EarlyTap | undefined
  let stopWaiting: (() => void) | undefined

  const release = (tap: EarlyTap) => {
    if (kept !== tap) return
    kept = undefined
    stopWaiting?.()
    stopWaiting = undefined
  }

  const waitForIsland = (tap: EarlyTap, address: string) => {
    const startedAt = performance.now()
    let timer: number | undefined
    let cancelSettled: (() => void) | undefined
    const check = () => {
      if (isHydrated(tap.button) || !tap.button.isConnected) {
        // After the island's effects too: what only the browser knows (a saved favourite) reaches the
        // button's label there, and the replay must see it ('Guardar' turned 'Guardado': not undone).
        cancelSettled = whenSettled(() => {
          release(tap)
          // Another page now (back, a link): its buttons are not what the person tapped.
          if (window.location.href === address) replayEarlyTap(tap)
          else clearEarlyTap(tap)
        })
      } else if (performance.now() - startedAt > GIVE_UP_AFTER_MS) {
        release(tap)
        clearEarlyTap(tap)
      } else {
        timer = window.setTimeout(check, POLL_MS)
      }
    }
    timer = window.setTimeout(check, POLL_MS)
    stopWaiting = () => {
      window.clearTimeout(timer)
      cancelSettled?.()
    }
  }

  const drop = () => {
    if (!kept) return
    const previous = kept
    previous.superseded = true
    release(previous)
    clearEarlyTap(previous)
  }

  const keep = (button: HTMLElement) => {
    if (kept?.button === button) return
    drop()
    const tap: EarlyTap = {
      button,
      label: earlyTapLabel(button),
      setBusy: !button.hasAttribute('aria-busy'),
      superseded: false,
    }
    kept = tap
    button.setAttribute(EARLY_TAP_PENDING_ATTRIBUTE, '')
    if (tap.setBusy) button.setAttribute('aria-busy', 'true')
    // Outside the event (inside it React would take the tap's priority and hydrate in one task), in a
    // transition: the island goes before the others, in slices.
    window.setTimeout(() => startTransition(() => scheduleHydration(root, button)), 0)
    waitForIsland(tap, window.location.href)
  }

  const onEvent = (event: Event) => {
    const held = heldControl(event.target, serverButtons)
    if (!held) {
      // The person went on with another control (the early script's rule): the kept tap is not what
      // they want any more.
      if (event.type === 'click' && event.isTrusted && event.target instanceof Element) {
        if (event.target.closest(EARLY_TAP_CONTROLS)) drop()
      }
      return
    }
    event.stopPropagation()
    if (event.type !== 'click') return
    if (!held.keep) {
      drop()
      return
    }
    event.preventDefault()
    keep(held.button)
  }

  for (const type of HYDRATING_EVENTS) document.addEventListener(type, onEvent, { capture: true })
  return () => {
    for (const type of HYDRATING_EVENTS) document.removeEventListener(type, onEvent, { capture: true })
    if (kept) clearEarlyTap(kept)
    stopWaiting?.()
  }
}

/** React DOM's way to hydrate the part holding `target` before the rest (not in its types). */
function scheduleHydration(root: Root, target: Element) {
  const hydrationRoot = root as Root & { unstable_scheduleHydration?: (target: Node) => void }
  hydrationRoot.unstable_scheduleHydration?.(target)
}
