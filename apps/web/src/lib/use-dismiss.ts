import { type RefObject, useEffect, useRef } from 'react'

export type DismissReason = 'outside' | 'escape'

/**
 * Closes an open popup on a pointer press or a focus move outside `containerRef`, or on Escape. The callback may change
 * between renders; the listeners stay the same.
 */
export function useDismiss(
  containerRef: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onDismiss: (reason: DismissReason) => void,
): void {
  const latest = useRef(onDismiss)
  latest.current = onDismiss

  useEffect(() => {
    if (!isOpen) return
    const onOutside = (event: Event) => {
      if (!containerRef.current?.contains(event.target as Node)) latest.current('outside')
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) latest.current('escape')
    }
    document.addEventListener('pointerdown', onOutside)
    document.addEventListener('focusin', onOutside)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onOutside)
      document.removeEventListener('focusin', onOutside)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [isOpen, containerRef])
}
