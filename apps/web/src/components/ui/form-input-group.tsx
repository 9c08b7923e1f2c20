import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'

type InputGroupProps = {
  /** Inside the input, at its start: a '+52' prefix, an icon. Give the input matching left padding. */
  start?: ReactNode
  /** Inside the input, at its end: a logo, a button. Give the input matching right padding. */
  end?: ReactNode
  children: ReactNode
  className?: string
}

/** An input with decorations drawn inside its border. */
export function InputGroup({ start, end, children, className }: InputGroupProps) {
  return (
    <div className={cx('relative', className)}>
      {start && (
        <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3.5 text-stone-500">
          {start}
        </span>
      )}
      {children}
      {end && <span className="absolute inset-y-0 right-0 flex items-center pr-3">{end}</span>}
    </div>
  )
}
