/** Lower-case, accent-free, single-spaced text: 'Tepoztlán, Morelos' → 'tepoztlan, morelos'. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}
