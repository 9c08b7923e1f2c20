import { cx } from '../../lib/cx'

type SpinnerProps = {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string
  className?: string
}

export function Spinner({ label = 'Cargando…', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('inline-flex items-center justify-center', className)}>
      <svg className="size-8 animate-spin text-brand-600" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** A spinner centred in the page area, for route and page loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  )
}
