/**
 * `value`, or a failure that names what the test expected to find: `must(cabin, 'the cabin')` where
 * `cabin!` would fail later with a TypeError far from the cause. For Playwright's `null`s too: a
 * `boundingBox()` of an element not shown, a `response()` that never came, an attribute that is absent.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`)
  return value
}
