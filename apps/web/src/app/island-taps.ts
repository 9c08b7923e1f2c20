import { EARLY_TAP_CONTROLS, EARLY_TAP_PENDING_ATTRIBUTE, earlyTapLabel } from '@cabanas/contracts/early-taps'
import { startTransition } from 'react'
import type { Root } from 'react-dom/client'
import { onIslandCommitted } from '../lib/island-commits'
import { whenIdle } from '../lib/when-idle'
import { clearEarlyTap, type EarlyTap, isHydrated } from './early-tap-handoff'
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
/** The longest a replay waits for an idle moment once its island has committed. */
const AFTER_COMMIT_IDLE_MS = 100

type Held = { button: HTMLElement; keep: boolean }

/**
 * The page a tap was made on: its path and its place in the session's history (React Router's `idx`).
 * Back, a link or a search changes one of them; the page rewriting its own address in place (the
 * cabin page writes the quoted stay with a replace) changes neither, and the tap still belongs there.
 */
function currentPage(): string {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx
  return `${window.location.pathname}|${typeof idx === 'number' ? idx : ''}`
}

/** A form's submit button: the browser can still send its form without the app. */
function submitterOf(button: HTMLElement): HTMLButtonElement | undefined {
  return button instanceof HTMLButtonElement && button.type === 'submit' && button.form ? button : undefined
}

/**
 * The server-rendered button a tap landed on, while React has not hydrated it. `keep`: the app answers
 * it (kept, marked and clicked again once hydrated); otherwise the browser does the job itself (a
 * native popover's trigger, a disabled button). A form's submit button is kept like any other: the
 * browser does not send the form, and the replayed click sends it to the app's own handler ('Reservar':
 * React hydrating the booking widget in the tap held the paint for 200–300 ms, 4× CPU). Links (a
 * modified click opens a new tab, which a replay would lose), fields, labels and buttons whose action
 * needs the tap's own user activation (`data-needs-gesture`) go to React as they are.
 */
function heldControl(target: EventTarget | null, serverButtons: WeakSet<Element>): Held | undefined {
  if (!(target instanceof Element)) return undefined
  const control = target.closest(EARLY_TAP_CONTROLS)
  if (!(control instanceof HTMLElement) || !serverButtons.has(control) || isHydrated(control))
    return undefined
  if (control.hasAttribute('href') || control.hasAttribute('data-needs-gesture')) return undefined
  const isButton = control instanceof HTMLButtonElement
  const native =
    ('popover' in HTMLElement.prototype && control.hasAttribute('popovertarget')) ||
    ('commandForElement' in HTMLButtonElement.prototype && control.hasAttribute('commandfor'))
  const disabled = (isButton && control.disabled) || control.getAttribute('aria-disabled') === 'true'
  return { button: control, keep: !native && !disabled }
}

/**
 * What holdTapsUntilHydrated gives: `adopt` takes over the early script's tap (false: not a button the
 * server rendered in the page, left to the caller); `stop` (tests).
 */
export type TapHold = { adopt: (tap: EarlyTap) => boolean; stop: () => void }

/**
 * After the app has taken over from the document's early script, the page hydrates island by island
 * (HydrationIsland). A tap on a button of an island React has not hydrated yet would make React
 * hydrate that island, and the rest of the page's frame if it is not done, in the tap's own task: on
 * the results at 375 px, 'Mostrar mapa' tapped 2.2 s after navigation waited 268 ms in React's
 * `pointerdown` (4× CPU) before the browser could paint anything. Instead, as the early script does
 * before the app runs, the tap is kept and its button marked at once; React is asked to hydrate that
 * island first, in slices (a transition; an island inside one still waiting too is hydrated later at
 * the default priority, in one task of its own), and the button is clicked again once it is hydrated and
 * the page has settled (replayEarlyTap: not when the person tapped another control or went to a field
 * since, the page changed, or the button's label did). Unlike the early script, which leaves a form's
 * submit to the browser before the app runs, this keeps it too, and sends the form natively if the
 * island's code has not come after `giveUpAfterMs`.
 * A tap the early script kept before the app ran, on a button of an island still waiting when the
 * page's frame has committed, is handed over (`adopt`) and waits for its island the same way.
 */
export function holdTapsUntilHydrated(
  root: Root,
  container: Element,
  { giveUpAfterMs = GIVE_UP_AFTER_MS }: { giveUpAfterMs?: number } = {},
): TapHold {
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

  const waitForIsland = (tap: EarlyTap, page: string) => {
    const startedAt = performance.now()
    let timer: number | undefined
    let cancelSettled: (() => void) | undefined
    let isCommitSeen = false
    const replay = () => {
      release(tap)
      // Another page now (back, a link): its buttons are not what the person tapped.
      if (currentPage() === page) replayEarlyTap(tap)
      else clearEarlyTap(tap)
    }
    // After the island's effects: what only the browser knows (a saved favourite) reaches the button's
    // label there, and the replay must see it ('Guardar' turned 'Guardado': not undone). React gives
    // the button its props while it renders the island, before the commit; the island says when it
    // has committed (HydrationIsland), and the replay follows a short idle moment later, while the
    // other islands may still be hydrating. Without that word (a button outside any island), the page's
    // idle moment, as before: on the results at 375 px, 'Mostrar mapa' then waited 0.3–0.5 s more.
    const stopListening = onIslandCommitted(() => {
      if (isCommitSeen || !isHydrated(tap.button)) return
      isCommitSeen = true
      cancelSettled?.()
      cancelSettled = whenIdle(replay, AFTER_COMMIT_IDLE_MS)
    })
    const check = () => {
      if (isHydrated(tap.button) || !tap.button.isConnected) {
        if (!isCommitSeen) cancelSettled = whenSettled(replay)
      } else if (performance.now() - startedAt > giveUpAfterMs) {
        // The island's code did not come: a form is sent as the HTML would have sent it (the browser's
        // own submission; React has nothing there to stop it); any other tap is dropped, unmarked.
        release(tap)
        clearEarlyTap(tap)
        const submitter = submitterOf(tap.button)
        if (submitter?.isConnected && currentPage() === page) submitter.form?.requestSubmit(submitter)
      } else {
        timer = window.setTimeout(check, POLL_MS)
      }
    }
    timer = window.setTimeout(check, POLL_MS)
    stopWaiting = () => {
      window.clearTimeout(timer)
      stopListening()
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

  /** The island of the tap's button hydrates first, in slices (a transition), and the tap waits for it. */
  const holdTap = (tap: EarlyTap) => {
    kept = tap
    // Outside the event (inside it React would take the tap's priority and hydrate in one task), in a
    // transition: the island goes before the others, in slices.
    window.setTimeout(() => startTransition(() => scheduleHydration(root, tap.button)), 0)
    waitForIsland(tap, currentPage())
  }

  const adopt = (tap: EarlyTap): boolean => {
    if (!serverButtons.has(tap.button)) return false
    if (kept === tap) return true
    if (kept || tap.superseded) {
      // The person tapped since the app took over: that tap is the one that counts. On the same button
      // its mark stays, with the early script's aria-busy to clear once it is replayed.
      if (kept?.button === tap.button) kept.setBusy ||= tap.setBusy
      else clearEarlyTap(tap)
      return true
    }
    holdTap(tap)
    return true
  }

  const keep = (button: HTMLElement) => {
    if (kept?.button === button) {
      // The same button tapped again: still wanted (an adopted early tap counted the tap as "another").
      kept.superseded = false
      return
    }
    drop()
    const tap: EarlyTap = {
      button,
      label: earlyTapLabel(button),
      setBusy: !button.hasAttribute('aria-busy'),
      superseded: false,
    }
    button.setAttribute(EARLY_TAP_PENDING_ATTRIBUTE, '')
    if (tap.setBusy) button.setAttribute('aria-busy', 'true')
    holdTap(tap)
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

  // Typing in a field means the person went on (the early script's rule): a kept 'Buscar' must not
  // send the form with half a word in it once its island hydrates.
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.matches('input, select, textarea')) drop()
  }

  for (const type of HYDRATING_EVENTS) document.addEventListener(type, onEvent, { capture: true })
  document.addEventListener('focusin', onFocus, { capture: true })
  const stop = () => {
    for (const type of HYDRATING_EVENTS) document.removeEventListener(type, onEvent, { capture: true })
    document.removeEventListener('focusin', onFocus, { capture: true })
    if (kept) clearEarlyTap(kept)
    stopWaiting?.()
  }
  return { adopt, stop }
}

/** React DOM's way to hydrate the part holding `target` before the rest (not in its types). */
function scheduleHydration(root: Root, target: Element) {
  const hydrationRoot = root as Root & { unstable_scheduleHydration?: (target: Node) => void }
  hydrationRoot.unstable_scheduleHydration?.(target)
}
