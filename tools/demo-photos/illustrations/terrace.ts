import type { ImageTheme } from '../../../apps/api/src/db/seed-data/catalogue.ts'
import { darken, lighten } from './color.ts'
import { type Ctx, circlePath, fmt, H, linear, path, polygon, rect, shade, W } from './context.ts'
import { drawLandscape } from './landscapes.ts'
import { pottedPlant, stringLights } from './parts.ts'
import { sarape } from './room.ts'

/** A covered deck in front of the landscape, with a striped hammock, plants and a small table. */
export function terrace(ctx: Ctx, theme: ImageTheme): string {
  const { rng } = ctx
  let out = drawLandscape(ctx, theme, { building: null, s: 1, backdrop: true })
  const wood = shade(ctx, rng.pick(['#8a5d3b', '#9a6a44', '#7a5236']))
  const deckY = 650
  const vp = { x: 600, y: 300 }
  out += rect(
    0,
    deckY,
    W,
    H - deckY,
    linear(ctx, [
      [0, darken(wood, 0.15)],
      [1, lighten(wood, 0.05)],
    ]),
  )
  let planks = ''
  for (let i = -12; i <= 12; i++) {
    const x = vp.x + i * 60
    const k = (H - vp.y) / (deckY - vp.y)
    planks += `M${fmt(x)},${deckY}L${fmt(vp.x + (x - vp.x) * k)},${H}`
  }
  out += `<path d="${planks}" stroke="${darken(wood, 0.4)}" stroke-width="2" opacity="0.5"/>`
  const railTop = 540
  let balusters = ''
  for (let x = 20; x < W; x += 38) balusters += rect(x, railTop, 10, deckY - railTop, darken(wood, 0.1))
  out +=
    balusters +
    rect(0, railTop - 14, W, 18, lighten(wood, 0.08)) +
    rect(0, deckY - 16, W, 14, darken(wood, 0.2))
  const post = darken(wood, 0.2)
  out += rect(20, 0, 46, H, post) + rect(W - 66, 0, 46, H, post)
  out += path(
    polygon([
      { x: 0, y: 0 },
      { x: W, y: 0 },
      { x: W, y: 44 },
      { x: 0, y: 44 },
    ]),
    darken(wood, 0.3),
  )
  let rafters = ''
  for (let i = 0; i < 9; i++) {
    const x = 60 + i * 135
    rafters += polygon([
      { x: x - 14, y: 0 },
      { x: x + 14, y: 0 },
      { x: vp.x + (x - vp.x) * 0.9 + 8, y: 70 },
      { x: vp.x + (x - vp.x) * 0.9 - 8, y: 70 },
    ])
  }
  out += path(rafters, darken(wood, 0.25))
  out += stringLights(ctx, 66, 90, W - 66, 100, 60)
  // hammock between the left post and a hook further along the rail
  const hx1 = 66
  const hy1 = 300
  const hx2 = rng.range(620, 760)
  const hy2 = 320
  const sag = 470
  const top = `M${hx1},${hy1}Q${fmt((hx1 + hx2) / 2)},${sag} ${fmt(hx2)},${hy2}`
  const body = `M${hx1 + 40},${hy1 + 40}Q${fmt((hx1 + hx2) / 2)},${sag + 140} ${fmt(hx2 - 40)},${hy2 + 40}Q${fmt((hx1 + hx2) / 2)},${sag + 20} ${hx1 + 40},${hy1 + 40}Z`
  out += rect(hx2 - 4, 0, 36, deckY, post) + rect(hx2 - 16, railTop - 14, 60, 18, lighten(wood, 0.08))
  out += `<path d="${top}" fill="none" stroke="${shade(ctx, '#e9dcc4')}" stroke-width="3"/>`
  let cords = ''
  for (let i = 0; i < 6; i++) {
    cords += `M${hx1},${hy1}L${hx1 + 30 + i * 4},${hy1 + 36 + i * 3}`
    cords += `M${fmt(hx2)},${hy2}L${fmt(hx2 - 30 - i * 4)},${hy2 + 36 + i * 3}`
  }
  out += `<path d="${cords}" stroke="${shade(ctx, '#e9dcc4')}" stroke-width="2"/>`
  out += path(body, sarape(ctx))
  out += path(body, '#000', ' opacity="0.08"')
  let fringe = ''
  for (let i = 0; i < 30; i++) {
    const t = 0.08 + (i / 30) * 0.84
    const x = (1 - t) ** 2 * (hx1 + 40) + 2 * (1 - t) * t * ((hx1 + hx2) / 2) + t * t * (hx2 - 40)
    const y = (1 - t) ** 2 * (hy1 + 40) + 2 * (1 - t) * t * (sag + 140) + t * t * (hy2 + 40)
    fringe += `M${fmt(x)},${fmt(y)}v${fmt(18 + (i % 3) * 4)}`
  }
  out += `<path d="${fringe}" stroke="${shade(ctx, '#f2b233')}" stroke-width="3" stroke-linecap="round"/>`
  const tx = rng.range(880, 980)
  out += `<ellipse cx="${fmt(tx)}" cy="${H - 30}" rx="90" ry="14" fill="#000" opacity="0.2"/>`
  out +=
    rect(tx - 80, H - 150, 160, 14, shade(ctx, '#5a3a24'), ' rx="4"') +
    rect(tx - 8, H - 136, 16, 110, shade(ctx, '#4a2e1e'))
  const mug = shade(ctx, '#b8643e')
  out += rect(tx - 50, H - 182, 30, 32, mug, ' rx="5"') + rect(tx + 10, H - 180, 30, 30, mug, ' rx="5"')
  out += path(circlePath(tx + 56, H - 160, 10), shade(ctx, '#e0383e'))
  out += pottedPlant(ctx, 170, H - 10, 2.2, '#c77a4a', '#3f7d4e')
  out += pottedPlant(ctx, W - 130, H - 120, 1.4, '#b8643e', '#4d8a4a')
  return out
}
