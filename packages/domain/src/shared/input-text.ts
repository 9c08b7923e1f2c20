/*
 * Input messages and the control-character check, without zod: the header search checks what a guest
 * typed in every page's first view; the request schemas of text.ts build on these and re-export them.
 */

/**
 * The building blocks of every request schema: text that refuses control characters, and whole
 * numbers that are numbers (JSON) or plain digits (query strings), never coerced.
 */
export const inputMessages = {
  controlCharacters: (label: string) => `El campo ${label} contiene caracteres no permitidos`,
  notText: (label: string) => `El campo ${label} debe ser texto`,
  notInteger: (label: string) => `El campo ${label} debe ser un número entero`,
  invalid: (label: string) => `El campo ${label} no es válido`,
} as const

/**
 * Unicode control characters (category Cc: U+0000–U+001F, U+007F and U+0080–U+009F) and lone
 * surrogates (Cs), which UTF-8 cannot store. NUL in particular makes PostgreSQL and payment
 * providers fail; no name, e-mail or token ever holds one.
 */
const CONTROL = /[\p{Cc}\p{Cs}]/u
/** The same, except tab and line feed: what a text area may send (browsers give '\n' for a new line). */
const CONTROL_EXCEPT_TAB_AND_LF = /(?![\t\n])[\p{Cc}\p{Cs}]/u

/** Does the text hold a character no field accepts (see CONTROL)? */
export function hasControlCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}) {
  return (multiline ? CONTROL_EXCEPT_TAB_AND_LF : CONTROL).test(value)
}
