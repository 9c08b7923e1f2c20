import { DismissableLayer } from '@radix-ui/react-dismissable-layer'
import type { ReactElement, RefObject } from 'react'

export type DismissReason = 'outside' | 'escape'

type DismissableProps = {
  /**
   * What counts as inside besides the panel: the element holding its trigger (the user menu's button,
   * the search bar's segments). A press or focus there leaves the panel to its trigger.
   */
  insideRef: RefObject<HTMLElement | null>
  onDismiss: (reason: DismissReason) => void
  /** The open panel: one element, which becomes the layer (it takes the layer's ref and handlers). */
  children: ReactElement
}

/**
 * An open panel that closes on Escape, and on a press or a focus move outside it and `insideRef`.
 * It is Radix's dismissable layer, the one inside our Popover and Dialog, so Escape closes only the
 * topmost of them. Unlike the Popover it is neither lazy nor placed by Floating UI: the user menu and
 * the header search must answer from the first paint, and their panels keep their own layout. Mount
 * it only while the panel is open.
 */
export function Dismissable({ insideRef, onDismiss, children }: DismissableProps) {
  const keepIfInside = (event: Event) => {
    if (insideRef.current?.contains(event.target as Node)) event.preventDefault()
  }
  return (
    <DismissableLayer
      asChild
      onEscapeKeyDown={(event) => {
        if (event.defaultPrevented) return
        event.preventDefault()
        onDismiss('escape')
      }}
      onPointerDownOutside={keepIfInside}
      onFocusOutside={keepIfInside}
      onDismiss={() => onDismiss('outside')}
    >
      {children}
    </DismissableLayer>
  )
}
