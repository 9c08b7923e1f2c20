import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same for `delayMs`; until then `initial` (undefined unless given),
 * even on the first render.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, initial?: T): T | undefined {
  const [settled, setSettled] = useState<T | undefined>(initial)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
