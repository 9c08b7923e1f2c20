import * as RadixPopover from '@radix-ui/react-popover'
import { useRef } from 'react'
import { cx } from '../../lib/cx'
import type { PopoverProps } from './popover'

/**
 * The open panel of a `Popover` (popover.tsx loads this when a popover first opens): Radix's popover,
 * placed against `anchorRef`'s element. A press on that element is not a press outside (it is the
 * trigger, or the fields that switch what the panel shows); when the panel closes, focus goes back to it
 * unless the guest went elsewhere, as with Radix's own trigger.
 */
export function PopoverFrame({
  open,
  onOpenChange,
  anchorRef,
  className,
  sideOffset = 8,
  collisionPadding = 12,
  onInteractOutside,
  onCloseAutoFocus,
  ...props
}: PopoverProps) {
  const hasInteractedOutside = useRef(false)
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Anchor virtualRef={anchorRef as React.RefObject<HTMLElement>} />
      <RadixPopover.Portal>
        <RadixPopover.Content
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          onInteractOutside={(event) => {
            if (anchorRef.current?.contains(event.target as Node)) event.preventDefault()
            else onInteractOutside?.(event)
            if (!event.defaultPrevented) hasInteractedOutside.current = true
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event)
            if (!event.defaultPrevented) {
              event.preventDefault()
              if (!hasInteractedOutside.current) anchorRef.current?.focus({ preventScroll: true })
            }
            hasInteractedOutside.current = false
          }}
          className={cx(
            'z-[60] max-w-[calc(100vw-1.5rem)] rounded-2xl border border-stone-200 bg-white shadow-xl',
            'transition-[opacity,translate] duration-150 starting:-translate-y-1 starting:opacity-0 focus:outline-none',
            className,
          )}
          {...props}
        />
      </RadixPopover.Portal>
    </RadixPopover.Root>
  )
}
