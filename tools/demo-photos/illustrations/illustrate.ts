import type { SeedCabin } from '../../../apps/api/src/db/seed-data/catalogue.ts'
import { hasFireplace, type ImageSpec } from '../../../apps/api/src/db/seed-data/images.ts'
import { aFrame, cabin, farmhouse, stuccoPalette, treeHouse, villa, woodPalette } from './buildings.ts'
import { type Ctx, createRandom, H, W } from './context.ts'
import { bedroom, dining, livingRoom } from './interiors.ts'
import { drawLandscape } from './landscapes.ts'
import { indoorLight } from './room.ts'
import type { Focus } from './scene.ts'
import { dome, palapa, tent } from './shelters.ts'
import { createLight } from './sky.ts'
import { terrace } from './terrace.ts'
import { colonialFacade } from './town.ts'

const indoors = (ctx: Ctx): Ctx => ({ ...ctx, light: indoorLight(ctx.light) })

const TROPICAL_THEMES = new Set(['beach', 'jungle', 'lagoon'])

/** The building that stands for a cabin in its exterior pictures. */
export function buildingFocus(item: SeedCabin, rng: Ctx['rng']): Focus {
  const type = item.accommodationType
  const tropical = TROPICAL_THEMES.has(item.imageTheme)
  if (type === 'Domo') return { building: dome, s: 1 }
  if (type === 'Glamping') return { building: tent, s: 1 }
  const wood = woodPalette(rng)
  const stucco = stuccoPalette(rng)
  if (type === 'Casa del árbol') return { building: (ctx, o) => treeHouse(ctx, o, wood), s: 0.95 }
  if (type === 'Villa' || (type === 'Loft' && tropical))
    return {
      building: (ctx, o) =>
        villa(ctx, o, item.amenities.includes('pool') || item.amenities.includes('heatedPool')),
      s: 0.95,
    }
  if (tropical) {
    const inWater = item.imageTheme === 'lagoon' && item.slug.includes('palafito')
    return { building: (ctx, o) => palapa(ctx, o, inWater), s: 1.05, inWater }
  }
  if (type === 'Casa de campo' || type === 'Casa')
    return { building: (ctx, o) => farmhouse(ctx, o, stucco), s: 0.95 }
  return rng.chance(0.35)
    ? { building: (ctx, o) => aFrame(ctx, o, wood), s: 1 }
    : { building: (ctx, o) => cabin(ctx, o, wood), s: 1.05 }
}

/** A complete SVG document for one picture of a cabin. */
export function illustrate(item: SeedCabin, spec: ImageSpec, index: number): string {
  const rng = createRandom(`${item.slug}#${index}`)
  const light = createLight(spec.time, rng)
  const ctx: Ctx = { rng, light, outside: light, defs: [], ids: { next: 0 } }
  let body: string
  switch (spec.kind) {
    case 'exterior':
      body =
        item.imageTheme === 'colonial-town'
          ? colonialFacade(ctx, createRandom(`${item.slug}:house`))
          : drawLandscape(ctx, item.imageTheme, buildingFocus(item, createRandom(item.slug)))
      break
    case 'view':
      body = drawLandscape(ctx, item.imageTheme, { building: null, s: 1 })
      break
    case 'terrace':
      body = terrace(ctx, item.imageTheme)
      break
    case 'living-room':
      body = livingRoom(indoors(ctx), item.imageTheme, hasFireplace(item), `${item.slug}@${index}`)
      break
    case 'bedroom':
      body = bedroom(indoors(ctx), item.imageTheme, `${item.slug}@${index}`)
      break
    case 'dining':
      body = dining(indoors(ctx), item.imageTheme, `${item.slug}@${index}`)
      break
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${ctx.defs.join('')}</defs>${body}</svg>`
}
