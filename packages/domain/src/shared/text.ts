import { hasControlCharacters, inputMessages } from './input-text.ts'
import { z } from './zod.ts'

export { hasControlCharacters, inputMessages } from './input-text.ts'

export type TextOptions = {
  /** Free text typed in a text area (special requests): tab and line feed are kept. */
  multiline?: boolean
  /** The message when the value is missing or not a string; 'El campo … debe ser texto' by default. */
  required?: string
}

/**
 * A text field of a request, named by `label` ('nombre', 'correo electrónico') in its messages.
 * Control characters are refused before anything else (trim, min, max, email…), so the first
 * message is the one that explains the refusal. Chain `.trim().min().max()` as with z.string().
 */
export function textSchema(label: string, { multiline = false, required }: TextOptions = {}) {
  return z
    .string({ error: required ?? inputMessages.notText(label) })
    .refine((value) => !hasControlCharacters(value, { multiline }), {
      message: inputMessages.controlCharacters(label),
      abort: true,
    })
}

/**
 * A whole number in a JSON body: a JSON number only. '3', '0x2', [3], true and null are refused,
 * as are 3.5, NaN and numbers beyond 2^53. `1e1` is the JSON number 10, indistinguishable from it.
 * Chain `.min()` / `.max()` for the bounds.
 */
export function integerSchema(message: string) {
  return z.number({ error: message }).int(message)
}

/** Digits with an optional minus sign (so a negative number gets its own message from the bounds). */
const QUERY_INTEGER = /^-?\d+$/

/**
 * A whole number in a query string: the text of its digits, nothing else (no spaces, '+', hex,
 * exponent, decimals or repeated parameter). Pipe into a number schema for the bounds:
 * `queryIntegerSchema(message).pipe(z.number().min(1, …))`.
 */
export function queryIntegerSchema(message: string) {
  return z
    .string({ error: message })
    .regex(QUERY_INTEGER, message)
    .transform((digits) => Number(digits) + 0) // + 0 turns '-0' into 0
    .pipe(integerSchema(message))
}
