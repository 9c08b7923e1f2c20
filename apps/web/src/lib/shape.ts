import type { ResponseSchema } from './api-client'

/**
 * A minimal structural parser with zod's `safeParse` contract, for the runtime config (config.ts),
 * which every page's first view reads at start. zod's core, even zod/mini's, weighs ~15 KB gzip and the
 * home page must stay under its budget (measured 2026-11-28, docs/benchmarks.md); every response is
 * parsed with the domain's zod schemas. Like zod, objects keep only the declared keys.
 */
export type Reader<T> = (value: unknown, path: string) => T

class ShapeError extends Error {}

function fail(path: string, expected: string): never {
  throw new ShapeError(`${path || 'respuesta'}: se esperaba ${expected}`)
}

export const string: Reader<string> = (value, path) =>
  typeof value === 'string' ? value : fail(path, 'texto')

export const number: Reader<number> = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'número')

export const boolean: Reader<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'booleano')

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : read(value, path))
}

/** One of the given strings (a literal union, like zod's enum). */
export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return (value, path) =>
    typeof value === 'string' && (values as readonly string[]).includes(value)
      ? (value as T)
      : fail(path, values.join(' o '))
}

/** `read`, or `fallback` when the value is absent (like zod's `.default`). */
export function withDefault<T>(read: Reader<T>, fallback: T): Reader<T> {
  return (value, path) => (value === undefined ? fallback : read(value, path))
}

/** `read`, then `ok` must hold (like zod's `.refine`); `expected` says what was wanted. */
export function refine<T>(read: Reader<T>, ok: (value: T) => boolean, expected: string): Reader<T> {
  return (value, path) => {
    const result = read(value, path)
    return ok(result) ? result : fail(path, expected)
  }
}

export function array<T>(item: Reader<T>): Reader<T[]> {
  return (value, path) =>
    Array.isArray(value) ? value.map((entry, index) => item(entry, `${path}[${index}]`)) : fail(path, 'lista')
}

export function object<F extends Record<string, Reader<unknown>>>(
  fields: F,
): Reader<{ [K in keyof F]: F[K] extends Reader<infer T> ? T : never }> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(path, 'objeto')
    const source = value as Record<string, unknown>
    const result: Record<string, unknown> = {}
    for (const [key, read] of Object.entries(fields))
      result[key] = read(source[key], path ? `${path}.${key}` : key)
    return result as { [K in keyof F]: F[K] extends Reader<infer T> ? T : never }
  }
}

/** Wraps a reader as a schema for the API client. */
export function shape<T>(read: Reader<T>): ResponseSchema<T> {
  return {
    safeParse(data) {
      try {
        return { success: true, data: read(data, '') }
      } catch (error) {
        if (error instanceof ShapeError) return { success: false }
        throw error
      }
    },
  }
}
