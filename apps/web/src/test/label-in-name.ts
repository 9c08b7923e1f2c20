import { expect } from 'vitest'

/** A text's words, punctuation and case aside. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/**
 * Asserts that an element's `aria-label` holds the words it shows, in order (WCAG 2.5.3, label in
 * name: axe's `label-content-name-mismatch`, which is not installed here). As axe does, the shown text
 * is the element's text nodes joined as they are: two block spans with nothing between them read as
 * one word ('LLEGADA' and '22/07/2026' as 'LLEGADA22/07/2026').
 */
export function expectLabelInName(element: Element) {
  const name = words(element.getAttribute('aria-label') ?? '')
  const shown = words(element.textContent ?? '')
  const holds = name.some((_, start) => shown.every((word, i) => name[start + i] === word))
  expect(holds, `'${element.getAttribute('aria-label')}' should hold '${element.textContent}'`).toBe(true)
}
