import { pesosToCentavos } from '@cabanas/domain/listings'
import { formatMxn } from '@cabanas/domain/shared'
import type { FieldControlProps } from '../../../components/ui/field'
import { inputStyles } from '../../../components/ui/field'

export const priceInputMessages = {
  notPesos: 'Escribe el precio en pesos enteros, por ejemplo 1,250',
} as const

/** Centavos as a host types pesos: 125000 → '1,250'. */
export function centavosToPesosText(amount: number | undefined): string {
  return amount === undefined ? '' : formatMxn(amount).replace('$', '')
}

/**
 * What a typed amount means: empty (no price yet), centavos, or text that is not whole pesos.
 * pesosToCentavos (domain) reads '1250', '1,250', '$1,250' and '1250.00'.
 */
export function readPesos(
  text: string,
): { kind: 'empty' } | { kind: 'amount'; centavos: number } | { kind: 'invalid' } {
  if (text.trim() === '') return { kind: 'empty' }
  const centavos = pesosToCentavos(text)
  return centavos === null ? { kind: 'invalid' } : { kind: 'amount', centavos }
}

type PriceInputProps = FieldControlProps & {
  value: string
  onChange: (text: string) => void
  onBlur: () => void
}

/** A nightly price in pesos: '$' before, 'MXN' after, a numeric keyboard on phones; grouped on blur. */
export function PriceInput({ value, onChange, onBlur, ...control }: PriceInputProps) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-stone-500"
      >
        $
      </span>
      <input
        {...control}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="1,250"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => {
          const read = readPesos(value)
          if (read.kind === 'amount') onChange(centavosToPesosText(read.centavos))
          onBlur()
        }}
        className={inputStyles({
          invalid: control['aria-invalid'] === true,
          className: 'pr-14 pl-7 tabular-nums',
        })}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm text-stone-500"
      >
        MXN
      </span>
    </div>
  )
}
