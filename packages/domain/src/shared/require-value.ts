/**
 * What the code's own logic guarantees is missing: a row `returning()` did not give back, an index
 * past the end of its array. A bug to fix, never an answer to bad input (that is a DomainError).
 */
export class MissingValueError extends Error {
  constructor(what: string) {
    super(`expected ${what}`)
    this.name = 'MissingValueError'
  }
}

/**
 * `value`, known to be there by the code around it, or a MissingValueError that names it: what `value!`
 * trusted in silence, checked where it is read instead of crashing later, far from the cause.
 */
export function requireValue<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new MissingValueError(what)
  return value
}

/**
 * `values[at]`, an index the loop around it keeps inside the array, or a MissingValueError: for packed
 * numbers read in hot loops (one comparison, nothing allocated unless it fails).
 */
export function numberAt(values: ArrayLike<number>, at: number): number {
  const value = values[at]
  if (value === undefined) throw new MissingValueError(`a number at ${at} of ${values.length}`)
  return value
}
