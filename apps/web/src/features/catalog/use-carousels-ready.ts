import { type RefObject, startTransition, useEffect, useState } from 'react'
import { whenIdle } from '../../lib/when-idle'

/** Wait at most this long for the browser to be idle before drawing a carousel that came near. */
const IDLE_TIMEOUT_MS = 2000
/** How close to the screen a card gets its carousel. */
const NEAR_SCREEN = '300px'

type Swap = { show: () => void; loadCode: () => Promise<unknown>; isCancelled: boolean }

/** Cards near the screen waiting for their carousel: one is drawn per idle moment. */
const waiting: Swap[] = []
let isSwapping = false

function swapNext() {
  const next = waiting.shift()
  if (!next) {
    isSwapping = false
    return
  }
  isSwapping = true
  if (next.isCancelled) {
    swapNext()
    return
  }
  whenIdle(() => {
    // The code first: a card that suspended on it would be retried with every other one in one task.
    void next
      .loadCode()
      .catch(() => undefined)
      .then(() => {
        if (!next.isCancelled) next.show()
        swapNext()
      })
  }, IDLE_TIMEOUT_MS)
}

function queueSwap(show: () => void, loadCode: () => Promise<unknown>): () => void {
  const swap: Swap = { show, loadCode, isCancelled: false }
  waiting.push(swap)
  if (!isSwapping) swapNext()
  return () => {
    swap.isCancelled = true
  }
}

/**
 * Whether this card may draw its photo carousel (embla, ~9 KB gzip the first paint does not need),
 * and a way to ask for it at once (the guest touches the card). A card gets it when it comes near the
 * screen, one card per idle moment, its code loaded first, as a transition: each carousel's start-up
 * (embla measures its slides, a style and layout pass) is a task of its own. Drawn together, the home's
 * first cards made one task of 209 ms at 2.3 s on a phone (4× CPU), when the first taps come (issue 20).
 * Cards far below never swap until the guest scrolls to them.
 */
export function useCarouselReady(
  card: RefObject<HTMLElement | null>,
  loadCode: () => Promise<unknown>,
): [isReady: boolean, load: () => void] {
  const [isReady, setReady] = useState(false)
  useEffect(() => {
    const node = card.current
    if (isReady || !node) return
    const swap = () => startTransition(() => setReady(true))
    if (!('IntersectionObserver' in window)) return queueSwap(swap, loadCode)
    let cancelSwap: (() => void) | undefined
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        cancelSwap = queueSwap(swap, loadCode)
      },
      { rootMargin: NEAR_SCREEN },
    )
    observer.observe(node)
    return () => {
      observer.disconnect()
      cancelSwap?.()
    }
  }, [card, isReady, loadCode])
  return [isReady, () => setReady(true)]
}
