import * as RadixPopover from '@radix-ui/react-popover'
import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'

/** A floating panel tied to a trigger or an anchor; closes on Escape and on a click outside. */
export const Popover = RadixPopover.Root
export const PopoverTrigger = RadixPopover.Trigger
/** Positions the panel against this element instead of the trigger. */
export const PopoverAnchor = RadixPopover.Anchor
export const PopoverClose = RadixPopover.Close

type PopoverContentProps = ComponentProps<typeof RadixPopover.Content>

export function PopoverContent({
  className,
  sideOffset = 8,
  collisionPadding = 12,
  ...props
}: PopoverContentProps) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cx(
          'z-[60] max-w-[calc(100vw-1.5rem)] rounded-2xl border border-stone-200 bg-white shadow-xl',
          'transition-[opacity,translate] duration-150 starting:-translate-y-1 starting:opacity-0 focus:outline-none',
          className,
        )}
        {...props}
      />
    </RadixPopover.Portal>
  )
}
