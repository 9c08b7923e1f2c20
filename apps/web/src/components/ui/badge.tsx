import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'

export type BadgeTone = 'green' | 'red' | 'blue' | 'yellow' | 'grey'

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/25',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  grey: 'bg-stone-100 text-stone-700 ring-stone-500/25',
}

type BadgeProps = {
  tone?: BadgeTone
  /** A small decorative icon before the text. */
  icon?: ReactNode
  children: ReactNode
  className?: string
}

/** A short status label in a coloured pill. */
export function Badge({ tone = 'grey', icon, children, className }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset [&_svg]:size-3.5 [&_svg]:shrink-0',
        tones[tone],
        className,
      )}
    >
      {icon && <span aria-hidden="true">{icon}</span>}
      {children}
    </span>
  )
}
