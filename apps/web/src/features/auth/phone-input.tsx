import { normalizeMexicanPhone } from '@cabanas/domain/auth'
import { Input, type InputProps } from '../../components/ui/field'
import { InputGroup } from '../../components/ui/form-input-group'

/** Ten digits at most: non-digits go, and a pasted '+52 55 1234 5678' keeps its 10 national digits. */
export function maskMexicanPhone(value: string): string {
  return normalizeMexicanPhone(value).replace(/\D/g, '').slice(0, 10)
}

/** A Mexican phone: a fixed '+52' prefix and the 10 national digits. */
export function PhoneInput(props: Omit<InputProps, 'type' | 'mask'>) {
  return (
    <InputGroup start={<span className="text-base font-medium text-stone-600">+52</span>}>
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="5512345678"
        mask={maskMexicanPhone}
        className="pl-14 tabular-nums"
        {...props}
      />
    </InputGroup>
  )
}
