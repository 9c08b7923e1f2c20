/**
 * JSON that is safe inside a script element: no '<' can close it or open a comment, and the two line
 * separators JavaScript once refused in strings are escaped. The server renderer writes its state and
 * config with it (ssr/entry-server), a page its structured data (components/seo/page-head).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}
