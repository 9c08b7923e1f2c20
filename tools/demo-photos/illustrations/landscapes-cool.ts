import { darken, mix } from './color.ts'
import {
  type Ctx,
  circlePath,
  fmt,
  H,
  itemAt,
  linear,
  type Pt,
  path,
  polygon,
  rect,
  shade,
  smoothLine,
  uid,
  W,
  yAt,
} from './context.ts'
import {
  bigPine,
  cactus,
  grass,
  layer,
  peakFacets,
  peakRidge,
  pineRow,
  rollingRidge,
  roundTree,
  shrubs,
} from './nature.ts'
import { dock } from './parts.ts'
import { type Focus, placeBuilding } from './scene.ts'
import { drawSky, mistBand } from './sky.ts'

function wildflowers(ctx: Ctx, ridge: Pt[], count: number): string {
  const { rng } = ctx
  const colors = ['#ffd84d', '#ffffff', '#e86f9a', '#b48be0']
  const groups: Record<string, string> = {}
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, W)
    const top = yAt(ridge, x)
    const y = top + rng.range(10, H - top)
    const r = 1.5 + ((y - top) / (H - top)) * 3
    const c = rng.pick(colors)
    groups[c] = (groups[c] ?? '') + circlePath(x, y, r)
  }
  return Object.entries(groups)
    .map(([c, d]) => path(d, shade(ctx, c), ' opacity="0.85"'))
    .join('')
}

function framingPines(ctx: Ctx, color: string): string {
  const { rng } = ctx
  let out = ''
  if (rng.chance(0.8)) out += bigPine(ctx, rng.range(-30, 90), H + 30, rng.range(520, 700), color)
  if (rng.chance(0.5)) out += bigPine(ctx, rng.range(120, 200), H + 40, rng.range(330, 430), color)
  if (rng.chance(0.8)) out += bigPine(ctx, rng.range(W - 90, W + 30), H + 30, rng.range(520, 700), color)
  return out
}

export function pineForest(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const horizon = 440
  let out = drawSky(ctx, horizon)
  const far = rng.chance(0.5) ? peakRidge(rng, 430, 60, 170, 5) : rollingRidge(rng, 420, 170, 0.8)
  out += layer(ctx, far, '#5a7d93', 0.85)
  out += mistBand(ctx, 440, 60, 0.5)
  const mid = rollingRidge(rng, 500, 110, 1)
  out += layer(ctx, mid, '#3d6b58', 0.62)
  out += pineRow(ctx, mid, { count: 70, minH: 22, maxH: 40, depth: 0.62, color: '#2f5e4a' })
  out += mistBand(ctx, 520, 50, 0.4)
  const near = rollingRidge(rng, 590, 80, 0.7)
  out += layer(ctx, near, '#2f5a3c', 0.34)
  out += pineRow(ctx, near, { count: 34, minH: 60, maxH: 110, depth: 0.34, color: '#24513a' })
  const meadow = rollingRidge(rng, 700, 50, 0.4)
  out += layer(ctx, meadow, rng.pick(['#78a24c', '#6a9a48', '#86a850']), 0.04)
  out += wildflowers(ctx, meadow, 50)
  const bx = rng.range(470, 730)
  out += placeBuilding(ctx, focus, yAt(meadow, bx) + 40, bx)
  out += grass(ctx, 720, '#4f7d36', 60)
  if (!focus.backdrop) out += framingPines(ctx, '#1d4630')
  return out
}

export function mountain(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const horizon = 470
  let out = drawSky(ctx, horizon)
  const far = peakRidge(rng, 450, 150, 290, rng.int(3, 5))
  out += layer(ctx, far, '#7b7f9c', 0.78, false)
  out += peakFacets(ctx, far, '#7b7f9c', 0.78, 450)
  out += mistBand(ctx, 460, 70, 0.45)
  const mid = peakRidge(rng, 530, 70, 170, rng.int(4, 6))
  out += layer(ctx, mid, '#56705f', 0.5, false)
  out += peakFacets(ctx, mid, '#56705f', 0.5, 530)
  out += pineRow(ctx, rollingRidge(rng, 540, 30), {
    count: 40,
    minH: 26,
    maxH: 46,
    depth: 0.5,
    color: '#3b5e48',
  })
  const hills = rollingRidge(rng, 620, 70, 0.8)
  out += layer(ctx, hills, '#6e9450', 0.22)
  out += pineRow(ctx, hills, { count: 14, minH: 50, maxH: 90, depth: 0.22, color: '#2f5a3c' }, -20, W * 0.4)
  out += pineRow(
    ctx,
    hills,
    { count: 10, minH: 50, maxH: 90, depth: 0.22, color: '#2f5a3c' },
    W * 0.72,
    W + 20,
  )
  const meadow = rollingRidge(rng, 715, 40, 0.4)
  out += layer(ctx, meadow, '#8aa957', 0.03)
  out += wildflowers(ctx, meadow, 70)
  const bx = rng.range(470, 730)
  out += placeBuilding(ctx, focus, yAt(meadow, bx) + 40, bx)
  out += grass(ctx, 730, '#5d8a3a', 50)
  if (!focus.backdrop && rng.chance(0.6))
    out += bigPine(ctx, rng.chance(0.5) ? 40 : W - 40, H + 30, rng.range(480, 620), '#23492f')
  return out
}

export function lake(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const water = 520
  let out = drawSky(ctx, water)
  const far = rng.chance(0.5) ? peakRidge(rng, 500, 80, 210, 4) : rollingRidge(rng, 490, 200, 0.7)
  const farLayer = layer(ctx, far, '#6a7f9e', 0.8, false, water + 2)
  const mid = rollingRidge(rng, 525, 90, 1.1)
  const midLayer =
    layer(ctx, mid, '#3e6a58', 0.5, true, water + 2) +
    pineRow(ctx, mid, { count: 60, minH: 22, maxH: 40, depth: 0.5, color: '#2d5a48', sink: 8 })
  out += farLayer + mistBand(ctx, 500, 50, 0.45) + midLayer
  const wTop = mix(ctx.light.skyHorizon, shade(ctx, '#7fb4c9'), 0.55)
  const wBottom = shade(ctx, '#1f5f80')
  out += rect(
    0,
    water,
    W,
    H - water,
    linear(ctx, [
      [0, wTop],
      [0.3, mix(wTop, wBottom, 0.55)],
      [1, wBottom],
    ]),
  )
  const clip = uid(ctx, 'c')
  ctx.defs.push(
    `<clipPath id="${clip}"><rect x="0" y="${water}" width="${W}" height="${H - water}"/></clipPath>`,
  )
  out += `<g clip-path="url(#${clip})" opacity="0.32"><g transform="translate(0,${2 * water}) scale(1,-1)">${farLayer}${midLayer}</g></g>`
  let shimmer = ''
  for (let i = 0; i < 26; i++) {
    const y = water + 8 + rng.next() ** 1.6 * (H - water - 40)
    const w = rng.range(30, 140) * (0.4 + (y - water) / 300)
    shimmer += `M${fmt(rng.range(0, W))},${fmt(y)}h${fmt(w)}`
  }
  out += `<path d="${shimmer}" stroke="#ffffff" stroke-width="2" stroke-linecap="round" opacity="0.25"/>`
  for (let i = 0; i < rng.int(1, 3); i++) {
    const sx = rng.range(150, W - 150)
    const sy = water + rng.range(12, 40)
    const sh = rng.range(18, 30)
    out += path(
      `M${fmt(sx)},${fmt(sy - sh)}L${fmt(sx + sh * 0.55)},${fmt(sy - 3)}H${fmt(sx)}Z`,
      shade(ctx, '#f7f4ec', 0.3),
    )
    out += path(
      `M${fmt(sx - sh * 0.35)},${fmt(sy - 2)}h${fmt(sh * 1.1)}l-4,4h${fmt(-sh * 0.95)}Z`,
      shade(ctx, '#8a5a3a', 0.3),
    )
  }
  const bank = rollingRidge(rng, 715, 60, 0.5)
  const bx = rng.range(560, 780)
  out += layer(ctx, bank, '#5f8a45', 0.04)
  out += shrubs(ctx, bank, 8, 26, '#3f6a35', 0.05)
  const dockX = bx < W / 2 ? bx + rng.range(250, 330) : bx - rng.range(250, 330)
  out += dock(ctx, dockX, yAt(bank, dockX) + 14)
  out += placeBuilding(ctx, focus, yAt(bank, bx) + 38, bx)
  out += grass(ctx, 740, '#4f7d36', 40)
  if (!focus.backdrop && rng.chance(0.7))
    out += bigPine(ctx, rng.range(W - 80, W + 20), H + 30, rng.range(500, 640), '#1f4a32')
  return out
}

/** One canyon wall: a stepped edge from the rim down to the river, filled towards the picture edge. */
function canyonWall(
  ctx: Ctx,
  fromLeft: boolean,
  rimY: number,
  rimX: number,
  riverX: number,
  riverY: number,
  color: string,
  depth: number,
): string {
  const { rng } = ctx
  const pts: Pt[] = []
  const steps = 5
  let x = rimX
  let y = rimY
  pts.push({ x: fromLeft ? -60 : W + 60, y: rimY - rng.range(0, 20) })
  pts.push({ x, y })
  for (let i = 0; i < steps; i++) {
    const drop = ((riverY - rimY) / steps) * rng.range(0.7, 1.3)
    const run = ((riverX - rimX) / steps) * rng.range(0.6, 1.4)
    y += drop * 0.75
    x += run * 0.25
    pts.push({ x, y })
    x += run * 0.75
    y += drop * 0.25
    pts.push({ x, y })
  }
  pts.push({ x: riverX, y: riverY }, { x: fromLeft ? -60 : W + 60, y: H + 20 })
  const clip = uid(ctx, 'c')
  const d = polygon(pts)
  ctx.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`)
  const base = shade(ctx, color, depth)
  let bands = ''
  for (let by = rimY - 30; by < riverY + 40; by += rng.range(10, 26)) {
    if (rng.chance(0.5)) bands += `M-60,${fmt(by)}H${W + 60}v${fmt(rng.range(3, 9))}H-60Z`
  }
  const sunLeft = ctx.light.sunX < W / 2
  const faceShade = fromLeft === sunLeft ? 0 : 0.18
  return (
    path(
      d,
      linear(ctx, [
        [0, mix(base, '#000000', faceShade)],
        [1, mix(darken(base, 0.2), ctx.light.haze, depth * 0.4)],
      ]),
    ) +
    `<g clip-path="url(#${clip})">${path(bands, shade(ctx, darken(color, 0.22), depth), ' opacity="0.5"')}</g>`
  )
}

export function canyon(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const horizon = 380
  let out = drawSky(ctx, horizon)
  const mesa = rollingRidge(rng, 380, 40, 0.6).map((p) => ({ x: p.x, y: Math.round(p.y / 14) * 14 }))
  out += layer(ctx, mesa, '#c98a62', 0.7, false)
  out += mistBand(ctx, 400, 50, 0.35)
  const riverX = rng.range(540, 660)
  out += rect(
    0,
    396,
    W,
    H - 396,
    linear(ctx, [
      [0, shade(ctx, '#c98058', 0.62)],
      [1, shade(ctx, '#9a4e30', 0.35)],
    ]),
  )
  const centre: Pt[] = []
  for (let i = 0; i <= 6; i++) {
    const t = i / 6
    centre.push({
      x: riverX + Math.sin(t * 5 + rng.range(0, 1)) * 40 * (0.3 + t * 1.6),
      y: 470 + t * (H + 20 - 470),
    })
  }
  const half = (i: number) => 6 + (i / 6) ** 1.6 * 110
  out += path(
    `${smoothLine(centre.map((p, i) => ({ x: p.x - half(i), y: p.y })))}L${smoothLine([...centre].reverse().map((p, i) => ({ x: p.x + half(6 - i), y: p.y }))).slice(1)}Z`,
    linear(ctx, [
      [0, shade(ctx, '#8fc9bf', 0.45)],
      [1, shade(ctx, '#2f8f8a')],
    ]),
  )
  const walls = ['#dd9560', '#cf7446', '#bd5a32', '#a94a2a']
  const depths = [0.6, 0.44, 0.28, 0.13]
  for (let k = 0; k < 4; k++) {
    const riverY = 500 + k * 80
    out += canyonWall(
      ctx,
      true,
      400 + k * 45,
      360 - k * 95,
      riverX - 40 - k * 70,
      riverY,
      itemAt(walls, k),
      itemAt(depths, k),
    )
    out += canyonWall(
      ctx,
      false,
      396 + k * 45,
      840 + k * 95,
      riverX + 40 + k * 80,
      riverY + 10,
      itemAt(walls, (k + 1) % 4),
      itemAt(depths, k),
    )
  }
  out += pineRow(
    ctx,
    [
      { x: -60, y: 404 },
      { x: 380, y: 402 },
    ],
    { count: 18, minH: 14, maxH: 24, depth: 0.6, color: '#3b5a40' },
    -20,
    350,
  )
  out += pineRow(
    ctx,
    [
      { x: 820, y: 398 },
      { x: W + 60, y: 396 },
    ],
    { count: 16, minH: 14, maxH: 24, depth: 0.6, color: '#3b5a40' },
    850,
    W + 20,
  )
  const rimLeft = rng.chance(0.5)
  const ledge = rollingRidge(rng, 690, 30, 0.5).map((p) => ({
    x: p.x,
    y: p.y + (rimLeft ? p.x : W - p.x) * 0.12,
  }))
  const ledgeClip = rimLeft
    ? polygon([...ledge.filter((p) => p.x < 760), { x: 760, y: H + 20 }, { x: -60, y: H + 20 }])
    : polygon([...ledge.filter((p) => p.x > 440), { x: W + 60, y: H + 20 }, { x: 440, y: H + 20 }])
  out += path(
    ledgeClip,
    linear(ctx, [
      [0, shade(ctx, '#8f7a4a')],
      [1, shade(ctx, '#6a5a38')],
    ]),
  )
  const bx = rimLeft ? rng.range(300, 420) : rng.range(780, 900)
  out += placeBuilding(ctx, focus, yAt(ledge, bx) + 34, bx)
  if (!focus.backdrop) {
    out += bigPine(ctx, rimLeft ? 40 : W - 40, H + 30, rng.range(460, 600), '#24472f')
    out += roundTree(ctx, rimLeft ? 640 : 560, H + 10, 50, '#5a7a3a', 0)
  }
  out += cactus(ctx, rimLeft ? 200 : W - 200, H - 20, 70)
  return out
}
