import { Input, type InputProps } from '../../components/ui/field'

/** Digits only, 18 at most: a pasted '012 180 01234567890 9' keeps its digits. */
export function clabeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 18)
}

/** The 18-digit CLABE, typed on a phone's number pad. */
export function ClabeInput(props: Omit<InputProps, 'type' | 'mask'>) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      placeholder="18 dígitos"
      mask={clabeDigits}
      className="tabular-nums tracking-wide"
      {...props}
    />
  )
}
