import { cx } from '../../lib/cx'

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-lg bg-stone-200/80', className)} />
}
