import type { MouseEvent } from 'react'

/**
 * A click the page may take over: the main button, no modifier key (those ask the browser for a new tab
 * or window, or a download), and not already handled. Other clicks follow the link as usual.
 */
export function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  )
}
