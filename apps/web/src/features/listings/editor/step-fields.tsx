import { Minus, Plus } from 'lucide-react'
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { cx } from '../../../lib/cx'

/*
 * The editor's own controls, sized for a thumb (44 px targets): radio cards, a yes/no pair and a counter.
 */

export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm text-accent-700">
      {message}
    </p>
  )
}

type RadioCardProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
  description?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A radio button drawn as a card; the whole card is its label. */
export function RadioCard({ label, description, className, ref, ...props }: RadioCardProps) {
  return (
    <label
      className={cx(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-300 bg-white p-3.5 transition-colors',
        'hover:border-stone-500 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
        'has-disabled:cursor-default has-disabled:opacity-80',
        className,
      )}
    >
      <input ref={ref} type="radio" className="mt-0.5 size-5 shrink-0 accent-brand-700" {...props} />
      <span className="min-w-0">
        <span className="block font-medium text-stone-900">{label}</span>
        {description && <span className="mt-1 block text-sm text-stone-600">{description}</span>}
      </span>
    </label>
  )
}

type YesNoProps = {
  legend: string
  name: string
  value: boolean | undefined
  onChange: (value: boolean) => void
  error?: string | undefined
  disabled?: boolean
}

/** A question answered 'Sí' or 'No' (a boolean that may still be unanswered). */
export function YesNo({ legend, name, value, onChange, error, disabled }: YesNoProps) {
  const errorId = useId()
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {[true, false].map((option) => (
          <RadioCard
            key={String(option)}
            name={name}
            label={option ? 'Sí' : 'No'}
            checked={value === option}
            disabled={disabled}
            onChange={() => onChange(option)}
            className="items-center py-2.5"
          />
        ))}
      </div>
      <div className="mt-1.5">
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  )
}

type CountFieldProps = {
  label: string
  description?: string
  value: number | undefined
  min: number
  max: number
  onChange: (value: number) => void
  error?: string | undefined
  disabled?: boolean
}

const countButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-700 ' +
  'transition-colors hover:border-stone-900 hover:text-stone-900 disabled:cursor-not-allowed disabled:opacity-30'

/** A labelled whole number with − and + (44 px); unanswered shows '—' and + starts at the minimum. */
export function CountField({
  label,
  description,
  value,
  min,
  max,
  onChange,
  error,
  disabled,
}: CountFieldProps) {
  const labelId = useId()
  const errorId = useId()
  return (
    <fieldset
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className="min-w-0 border-b border-stone-200 py-4 last:border-b-0"
    >
      <div className="flex items-center justify-between gap-4">
        <div id={labelId} className="min-w-0">
          <p className="font-medium text-stone-900">{label}</p>
          {description && <p className="text-sm text-stone-500">{description}</p>}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-label={`Reducir ${label.toLowerCase()}`}
            disabled={disabled || value === undefined || value <= min}
            onClick={() => onChange(Math.max(min, (value ?? min) - 1))}
            className={countButton}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output aria-live="polite" className="min-w-8 text-center text-lg tabular-nums text-stone-900">
            {value ?? '—'}
          </output>
          <button
            type="button"
            aria-label={`Aumentar ${label.toLowerCase()}`}
            disabled={disabled || (value !== undefined && value >= max)}
            onClick={() => onChange(value === undefined ? min : Math.min(max, value + 1))}
            className={countButton}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <div className="mt-1">
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  )
}

/** 'n / max' under a text field; red past the limit. */
export function CharacterCount({ length, min, max }: { length: number; min?: number; max: number }) {
  return (
    <span
      className={cx('shrink-0 text-sm tabular-nums', length > max ? 'text-accent-700' : 'text-stone-500')}
      aria-live="polite"
    >
      {length} / {max}
      {min !== undefined && length < min && <span className="sr-only"> (mínimo {min})</span>}
    </span>
  )
}

/** A step form's frame: what the step asks, then its fields; `disabled` while in review. */
export function StepFrame({
  intro,
  readOnly,
  children,
}: {
  intro: ReactNode
  readOnly: boolean
  children: ReactNode
}) {
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()}>
      <p className="text-stone-600">{intro}</p>
      <fieldset disabled={readOnly} className="mt-6 flex min-w-0 flex-col gap-6">
        {children}
      </fieldset>
    </form>
  )
}
