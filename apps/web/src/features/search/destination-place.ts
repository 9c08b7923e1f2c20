/**
 * 'población, estado', as the search sends it and the header shows it. The domain's `cabinPlace` says
 * the same, but its module also holds the cabin schema, which would bring zod into the first view.
 */
export function placeOf({ population, state }: { population: string; state: string }): string {
  return `${population}, ${state}`
}
