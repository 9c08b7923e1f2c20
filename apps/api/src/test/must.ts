/**
 * `value`, or a failure that names what the test expected to find: `must(cabin, 'the cabin')` where
 * `cabin!` would fail later with a TypeError far from the cause.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`)
  return value
}
