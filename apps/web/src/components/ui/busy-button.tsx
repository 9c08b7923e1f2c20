import { LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button, type ButtonProps } from './button'

type BusyButtonProps = ButtonProps & {
  /** The work is under way: the button is disabled and a spinner takes the icon's place. */
  busy: boolean
  /** Drawn before the label while not busy. */
  icon?: ReactNode
  /** The label while busy ('Guardando...'); the children otherwise. */
  busyLabel?: ReactNode
}

/** A button that shows its action under way: disabled, with a spinner and, if given, a busy label. */
export function BusyButton({ busy, icon, busyLabel, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button {...props} disabled={disabled || busy}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : icon}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  )
}
