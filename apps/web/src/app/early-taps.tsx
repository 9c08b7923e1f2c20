import { earlyTapLabel } from '@cabanas/contracts/early-taps'
import { type ReactNode, useEffect } from 'react'
import { whenIdle } from '../lib/when-idle'
import { clearEarlyTap, type EarlyTap, isHydrated } from './early-tap-handoff'

/**
 * Clicks the kept button again, now that React owns it, so the tap does its job; unless the person
 * tapped again meanwhile, or the button now says something else (what the server could not know has
 * arrived: 'Guardar' became 'Guardado', and the tap's intent is already met or would be undone).
 */
export function replayEarlyTap(tap: EarlyTap) {
  clearEarlyTap(tap)
  if (tap.superseded) return
  // Once: a tap is replayed by one path only.
  tap.superseded = true
  const button = sameControl(tap)
  const disabled = button instanceof HTMLButtonElement && button.disabled
  if (!button || disabled || earlyTapLabel(button) !== tap.label) return
  button.click()
}

/**
 * The kept button, or the one that took its place: a part the browser alone could lay out (the
 * booking widget keeps only the layout that fits the screen) is drawn anew after hydration. It is the
 * one visible button with the same label; none or several, and the tap is not replayed.
 */
function sameControl(tap: EarlyTap): HTMLElement | undefined {
  if (tap.button.isConnected) return tap.button
  const candidates = [...document.querySelectorAll<HTMLElement>('button, [role="button"]')].filter(
    (element) => earlyTapLabel(element) === tap.label && element.getClientRects().length > 0,
  )
  return candidates.length === 1 ? candidates[0] : undefined
}

/** After the work that follows hydration (stored session, favourites: transitions) has run. */
export function whenSettled(callback: () => void): () => void {
  return whenIdle(callback, 1000, 50)
}

/**
 * Replays `tap` once the page's frame has hydrated (its effects run after the hydration commit). A
 * button React has not hydrated by then (its island, or another part behind a Suspense boundary, still
 * waiting: on the public pages, every button) is handed to `adopt`, which says whether it took it
 * (island-taps: that part hydrates first, and the tap is replayed soon after its commit while the rest
 * of the page still hydrates; on the results at 375 px, 'Mostrar mapa' tapped before the app ran
 * showed the map 1.80 s after the tap at the page's idle moment, 0.91 s so, medians at 4× CPU). Any
 * other is replayed at the page's idle moment, after the updates that follow hydration.
 * It renders its child alone, so it adds no level that would change the ids useId gives on the server.
 */
export function ReplayEarlyTap({
  tap,
  adopt,
  children,
}: {
  tap: EarlyTap | undefined
  adopt?: (tap: EarlyTap) => boolean
  children: ReactNode
}) {
  useEffect(() => {
    if (!tap) return
    if (tap.button.isConnected && !isHydrated(tap.button) && adopt?.(tap)) return
    return whenSettled(() => replayEarlyTap(tap))
  }, [tap, adopt])
  return children
}
