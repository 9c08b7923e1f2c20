import { useEffect, useState } from 'react'

/** `value` once it has stayed the same for `delayMs`; undefined until then (even on the first render). */
export function useDebouncedValue<T>(value: T, delayMs: number): T | undefined {
  const [settled, setSettled] = useState<T | undefined>(undefined)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
