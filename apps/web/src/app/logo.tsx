import { Link } from 'react-router'
import { cx } from '../lib/cx'
import { paths } from './paths'

/** The cabin mark, also used as the favicon (public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#24553c" />
      <path d="M16 6 5 15h3v10h16V15h3z" fill="#f4c8b1" />
      <path d="M16 6 5 15h3.2L16 8.6 23.8 15H27z" fill="#c14525" />
      <rect x="13.5" y="18" width="5" height="7" rx="1" fill="#24553c" />
    </svg>
  )
}

/** Mark and wordmark. The caller wraps it in a link home. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <LogoMark />
      {/* Compact: small screens make room for the search pill and keep only the mark. */}
      <span className={cx('text-lg font-bold tracking-tight text-brand-800', compact && 'max-sm:hidden')}>
        Cabañas MX
      </span>
    </span>
  )
}

/** The mark of the sign-in, sign-up and email pages, linking home. */
export function HomeMarkLink() {
  return (
    <Link to={paths.home()} aria-label="Cabañas MX, ir al inicio" className="rounded-lg">
      <LogoMark className="size-12" />
    </Link>
  )
}
