/**
 * 'población, estado', as cards and suggestions show it. Apart from cabin.ts and its schemas: the public
 * pages' first views print it, and the schemas load later, with a page's first request of its own.
 */
export function cabinPlace(location: { population: string; state: string }): string {
  return `${location.population}, ${location.state}`
}
