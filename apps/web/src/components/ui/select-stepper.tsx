import { ChevronDown, Minus, Plus } from 'lucide-react'
import { useId } from 'react'
import { cx } from '../../lib/cx'
import { useHydrated } from '../../lib/use-hydrated'

type SelectStepperProps = {
  label: string
  /** The form field: the value is sent with its form, also without JavaScript. */
  name: string
  value: number
  min?: number
  max: number
  onChange: (value: number) => void
  /** How the value reads: 0 may read 'Todos'. */
  formatValue?: (value: number) => string
}

const stepButton =
  'flex size-9 shrink-0 items-center justify-center rounded-full border border-stone-300 text-stone-700 ' +
  'transition-colors hover:border-stone-900 hover:text-stone-900 disabled:cursor-not-allowed disabled:opacity-30 ' +
  'disabled:hover:border-stone-300 noscript:hidden'

/**
 * A labelled counter whose value is a native `<select>`: it reads like the Stepper (minus, value,
 * plus), but its value can also be picked from the list, before the app runs and without JavaScript,
 * where the minus and plus buttons (which need it) are not drawn and the list looks like one.
 */
export function SelectStepper({
  label,
  name,
  value,
  min = 0,
  max,
  onChange,
  formatValue = String,
}: SelectStepperProps) {
  const labelId = useId()
  // Until the app runs the list answers alone: a − or + tapped then would be replayed with the value
  // of the server's render, not the one picked in the list meanwhile.
  const isHydrated = useHydrated()
  const values = Array.from({ length: max - min + 1 }, (_, index) => min + index)
  return (
    <fieldset
      aria-labelledby={labelId}
      className="m-0 flex min-w-0 items-center justify-between gap-4 border-0 p-0"
    >
      <p id={labelId} className="font-medium text-stone-900">
        {label}
      </p>
      <div className="flex items-center gap-3">
        <button
          type="button"
          aria-label={`Reducir ${label.toLowerCase()}`}
          disabled={!isHydrated || value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
          className={stepButton}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <div className="relative">
          <select
            name={name}
            aria-labelledby={labelId}
            value={String(value)}
            onChange={(event) => onChange(Number(event.target.value))}
            className={cx(
              'h-9 w-14 cursor-pointer appearance-none rounded-lg bg-transparent text-center tabular-nums text-stone-900 [text-align-last:center]',
              'noscript:w-28 noscript:border noscript:border-stone-300 noscript:pr-8 noscript:pl-3 noscript:text-left noscript:[text-align-last:left]',
            )}
          >
            {values.map((option) => (
              <option key={option} value={option}>
                {formatValue(option)}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 hidden size-4 -translate-y-1/2 text-stone-600 noscript:block"
          />
        </div>
        <button
          type="button"
          aria-label={`Aumentar ${label.toLowerCase()}`}
          disabled={!isHydrated || value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
          className={stepButton}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </fieldset>
  )
}
