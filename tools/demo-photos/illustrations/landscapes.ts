import type { ImageTheme } from '../../../apps/api/src/db/seed-data/catalogue.ts'
import type { Ctx } from './context.ts'
import { canyon, lake, mountain, pineForest } from './landscapes-cool.ts'
import { beach, desertHills, jungle, lagoon } from './landscapes-warm.ts'
import type { Focus } from './scene.ts'
import { colonialStreet } from './town.ts'

const LANDSCAPES: Record<ImageTheme, (ctx: Ctx, focus: Focus) => string> = {
  'pine-forest': pineForest,
  mountain,
  lake,
  beach,
  jungle,
  canyon,
  'desert-hills': desertHills,
  'colonial-town': colonialStreet,
  lagoon,
}

export function drawLandscape(ctx: Ctx, theme: ImageTheme, focus: Focus): string {
  return LANDSCAPES[theme](ctx, focus)
}
