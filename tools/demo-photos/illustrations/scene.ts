import type { BuildingOptions } from './buildings.ts'
import type { Ctx } from './context.ts'

/** What stands in the middle of a landscape: a building (exterior shots) or nothing (views, window backdrops). */
export type Focus = {
  building: ((ctx: Ctx, options: BuildingOptions) => string) | null
  /** Scale of the building. */
  s: number
  /** Whether the building stands in the water (palafitos). */
  inWater?: boolean
  /** Backdrops skip the framing foreground (trees at the edges), which the window or terrace replaces. */
  backdrop?: boolean
}

export function placeBuilding(ctx: Ctx, focus: Focus, ground: number, x = ctx.rng.range(470, 730)): string {
  return focus.building ? focus.building(ctx, { x, ground, s: focus.s }) : ''
}
