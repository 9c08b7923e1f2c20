import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { cx } from '../../lib/cx'

type AlertTone = 'error' | 'warning' | 'success' | 'info'

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  error: {
    box: 'border-red-200 bg-red-50 text-red-900',
    icon: <CircleAlert className="text-red-600" />,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-950',
    icon: <TriangleAlert className="text-amber-600" />,
  },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    icon: <CircleCheck className="text-emerald-600" />,
  },
  info: {
    box: 'border-brand-200 bg-brand-50 text-brand-950',
    icon: <Info className="text-brand-700" />,
  },
}

type AlertProps = {
  tone?: AlertTone
  title?: ReactNode
  children?: ReactNode
  /** 'alert' announces a failure at once; 'status' waits for a pause. None for static notes. */
  role?: 'alert' | 'status'
  /** Focusable from code (tabIndex -1), so a page can move the reader to it. */
  focusable?: boolean
  ref?: Ref<HTMLDivElement>
  className?: string
}

/** A boxed message with an icon: errors, warnings, confirmations and notes. */
export function Alert({ tone = 'info', title, children, role, focusable, ref, className }: AlertProps) {
  const { box, icon } = tones[tone]
  return (
    <div
      ref={ref}
      role={role}
      tabIndex={focusable ? -1 : undefined}
      className={cx(
        'flex gap-3 rounded-xl border p-4 text-sm leading-relaxed outline-none scroll-mt-28',
        box,
        className,
      )}
    >
      <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
      </div>
    </div>
  )
}
