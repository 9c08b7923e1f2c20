import { type RefObject, startTransition, useEffect, useState } from 'react'

/** Wait at most this long for the browser to be idle before drawing a carousel that came near. */
const IDLE_TIMEOUT_MS = 2000
/** How close to the screen a card gets its carousel. */
const NEAR_SCREEN = '300px'

function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
    return () => window.cancelIdleCallback(id)
  }
  const timer = setTimeout(callback, 0)
  return () => clearTimeout(timer)
}

/**
 * Whether this card may draw its photo carousel (embla, ~9 KB gzip the first paint does not need),
 * and a way to ask for it at once (the guest touches the card). A card gets it when it comes near the
 * screen and the browser is idle, as a transition: cards swap one by one in small tasks instead of the
 * whole page in one long task, and cards far below never swap until the guest scrolls to them.
 */
export function useCarouselReady(card: RefObject<HTMLElement | null>): [isReady: boolean, load: () => void] {
  const [isReady, setReady] = useState(false)
  useEffect(() => {
    const node = card.current
    if (isReady || !node) return
    const swap = () => startTransition(() => setReady(true))
    if (!('IntersectionObserver' in window)) return whenIdle(swap)
    let cancelIdle: (() => void) | undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        cancelIdle = whenIdle(swap)
      },
      { rootMargin: NEAR_SCREEN },
    )
    observer.observe(node)
    return () => {
      observer.disconnect()
      cancelIdle?.()
    }
  }, [card, isReady])
  return [isReady, () => setReady(true)]
}
