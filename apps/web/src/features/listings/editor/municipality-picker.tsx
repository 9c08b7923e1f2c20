import { findMunicipality, municipalitiesOf, municipalityLabel } from '@cabanas/domain/listings'
import { Check } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { inputStyles } from '../../../components/ui/field'
import { cx } from '../../../lib/cx'

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

const SHOWN = 40

type MunicipalityPickerProps = {
  stateCode: string | undefined
  value: string | undefined
  onChange: (code: string) => void
  error: string | undefined
  disabled: boolean
}

/**
 * The chosen state's municipalities, searched as the host types (accents optional): a list of radio
 * buttons, so a phone needs no long native picker (Oaxaca has 570).
 */
export function MunicipalityPicker({ stateCode, value, onChange, error, disabled }: MunicipalityPickerProps) {
  const id = useId()
  const [query, setQuery] = useState('')
  const all = useMemo(() => (stateCode ? municipalitiesOf(stateCode) : []), [stateCode])
  const chosen = value ? findMunicipality(value) : undefined
  const matches = useMemo(() => {
    const wanted = fold(query.trim())
    return wanted ? all.filter((m) => fold(m.name).includes(wanted)) : all
  }, [all, query])
  const describedBy = error ? `${id}-error` : `${id}-hint`

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy} disabled={disabled || !stateCode}>
      <legend className="text-sm font-medium text-stone-800">Municipio</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-500">
        {!stateCode
          ? 'Primero elige el estado.'
          : chosen
            ? `Elegiste: ${municipalityLabel(chosen)}`
            : `${all.length} municipios. Escribe para buscar.`}
      </p>
      <label htmlFor={`${id}-search`} className="sr-only">
        Buscar municipio
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        placeholder="Buscar municipio"
        onChange={(event) => setQuery(event.target.value)}
        className={cx(inputStyles({ invalid: Boolean(error) }), 'mt-2')}
      />
      {stateCode && (
        <ul className="mt-2 max-h-64 overflow-y-auto rounded-xl border border-stone-200 bg-white">
          {matches.slice(0, SHOWN).map((municipality) => (
            <li key={municipality.code}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 border-b border-stone-100 px-3.5 text-stone-800 last:border-b-0 has-checked:bg-brand-50 has-checked:font-medium">
                <input
                  type="radio"
                  name={`${id}-municipality`}
                  value={municipality.code}
                  checked={municipality.code === value}
                  onChange={() => onChange(municipality.code)}
                  className="sr-only"
                />
                <span className="flex-1">{municipalityLabel(municipality)}</span>
                {municipality.code === value && (
                  <Check aria-hidden="true" className="size-4 text-brand-700" />
                )}
              </label>
            </li>
          ))}
          {matches.length === 0 && <li className="px-3.5 py-3 text-sm text-stone-500">Sin resultados.</li>}
          {matches.length > SHOWN && (
            <li className="px-3.5 py-3 text-sm text-stone-500">
              Y {matches.length - SHOWN} más: escribe para afinar la búsqueda.
            </li>
          )}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-accent-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
