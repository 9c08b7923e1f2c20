import { Minus, Plus } from 'lucide-react'
import { useId } from 'react'
import { cx } from '../../lib/cx'

type StepperProps = {
  label: string
  /** A second line under the label: '13 años o más'. */
  description?: string
  value: number
  min?: number
  max?: number
  onChange: (value: number) => void
  /** How the value reads: 0 may read 'Todos'. */
  formatValue?: (value: number) => string
  className?: string
}

const stepButton =
  'flex size-9 shrink-0 items-center justify-center rounded-full border border-stone-300 text-stone-700 ' +
  'transition-colors hover:border-stone-900 hover:text-stone-900 disabled:cursor-not-allowed disabled:opacity-30 ' +
  'disabled:hover:border-stone-300'

/** A labelled counter with minus and plus buttons. */
export function Stepper({
  label,
  description,
  value,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  onChange,
  formatValue = String,
  className,
}: StepperProps) {
  const labelId = useId()
  return (
    <fieldset
      aria-labelledby={labelId}
      className={cx('m-0 flex min-w-0 items-center justify-between gap-4 border-0 p-0', className)}
    >
      <div id={labelId}>
        <p className="font-medium text-stone-900">{label}</p>
        {description && <p className="text-sm text-stone-500">{description}</p>}
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          aria-label={`Reducir ${label.toLowerCase()}`}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
          className={stepButton}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output aria-live="polite" className="min-w-10 text-center tabular-nums text-stone-900">
          {formatValue(value)}
        </output>
        <button
          type="button"
          aria-label={`Aumentar ${label.toLowerCase()}`}
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
          className={stepButton}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </fieldset>
  )
}
