/** '1 huésped', '3 huéspedes', or '¿Cuántos?' before any is chosen (spec §2). */
export function guestsLabel(guests: number): string {
  if (guests < 1) return '¿Cuántos?'
  return `${guests} ${guests === 1 ? 'huésped' : 'huéspedes'}`
}
