import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import { useId } from 'react'
import { cx } from '../../lib/cx'

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
  /** Shown under the label in red; also marks the box invalid. */
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A native checkbox with its label (which may hold links) and an optional error. */
export function Checkbox({ label, error, className, ref, id, ...props }: CheckboxProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const errorId = `${inputId}-error`
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-2.5">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded accent-brand-700"
          {...props}
        />
        <label htmlFor={inputId} className="text-sm leading-snug text-stone-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="pl-7 text-sm text-accent-700">
          {error}
        </p>
      )}
    </div>
  )
}
