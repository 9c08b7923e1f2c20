import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { cx } from '../../lib/cx'

/** What a field hands to its control so that label, hint and error are tied to it. */
export type FieldControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

type FieldProps = {
  label: ReactNode
  /** Shown under the control in red; also marks the control invalid. */
  error?: string | undefined
  /** A short help line under the control, hidden while there is an error. */
  hint?: ReactNode
  children: (control: FieldControlProps) => ReactNode
  className?: string
}

/** A label, one control, a hint and an error message, wired together for screen readers. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = error ? errorId : hint ? hintId : undefined
  return (
    <div className={cx('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-sm text-accent-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="text-sm text-stone-500">
            {hint}
          </p>
        )
      )}
    </div>
  )
}

/** Input classes; `invalid` draws the red border. */
export function inputStyles({ invalid = false, className }: { invalid?: boolean; className?: string } = {}) {
  return cx(
    'h-12 w-full min-w-0 rounded-xl border bg-white px-3.5 text-base text-stone-900 shadow-xs transition-colors',
    'placeholder:text-stone-400 focus:ring-4 focus:outline-none',
    'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
    invalid
      ? 'border-accent-600 focus:ring-accent-600/15'
      : 'border-stone-300 hover:border-stone-400 focus:border-brand-600 focus:ring-brand-600/15',
    className,
  )
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>
  /** Rewrites what is typed or pasted before `onChange` sees it: digits only, capitals… */
  mask?: (value: string) => string
}

/** A text input styled from its own `aria-invalid`, with an optional input mask. */
export function Input({ className, ref, mask, onChange, ...props }: InputProps) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true'
  return (
    <input
      ref={ref}
      className={inputStyles({ invalid, className })}
      onChange={(event) => {
        if (mask) applyMask(event.currentTarget, mask)
        onChange?.(event)
      }}
      {...props}
    />
  )
}

/** An email address: the email keyboard, the browser's address autofill and an example address. */
export function EmailInput(props: Omit<InputProps, 'type'>) {
  return <Input type="email" autoComplete="email" placeholder="tu@correo.com" {...props} />
}

/** Masks the input's value in place and keeps the caret where the user was typing. */
function applyMask(input: HTMLInputElement, mask: (value: string) => string) {
  const raw = input.value
  const masked = mask(raw)
  if (masked === raw) return
  const caret = input.selectionStart ?? raw.length
  input.value = masked
  const position = caretAfterMask(raw, masked, caret)
  try {
    input.setSelectionRange(position, position)
  } catch {
    // Some input types (email, number) have no caret to place.
  }
}

function caretAfterMask(raw: string, masked: string, caret: number): number {
  if (masked.length === raw.length) return caret
  if (!/^[\d ]*$/.test(masked)) return masked.length
  // Digit masks (grouped or not): the caret goes after the same number of digits as before.
  let digits = raw.slice(0, caret).replace(/\D/g, '').length
  for (let i = 0; i < masked.length; i++) {
    if (digits === 0) return i
    if (/\d/.test(masked.charAt(i))) digits -= 1
  }
  return masked.length
}
