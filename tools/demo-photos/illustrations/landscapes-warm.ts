import { darken, lighten } from './color.ts'
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
  pt,
  rect,
  shade,
  W,
  yAt,
} from './context.ts'
import { agave, cactus, canopy, grass, layer, palm, rollingRidge, roundTree, shrubs } from './nature.ts'
import { dock } from './parts.ts'
import { type Focus, placeBuilding } from './scene.ts'
import { drawSky, mistBand } from './sky.ts'

/** A big tropical leaf (banana or palm frond) growing from (x, y) at an angle, for framing the foreground. */
export function bigLeaf(ctx: Ctx, x: number, y: number, angle: number, len: number, color: string): string {
  const tip = { x: x + Math.cos(angle) * len, y: y + Math.sin(angle) * len }
  const nx = -Math.sin(angle) * len * 0.2
  const ny = Math.cos(angle) * len * 0.2
  const mid = { x: (x + tip.x) / 2, y: (y + tip.y) / 2 }
  const leaf = `M${fmt(x)},${fmt(y)}Q${fmt(mid.x + nx * 1.4)},${fmt(mid.y + ny * 1.4)} ${pt(tip)}Q${fmt(mid.x - nx * 1.4)},${fmt(mid.y - ny * 1.4)} ${fmt(x)},${fmt(y)}Z`
  const base = shade(ctx, color)
  let veins = `M${fmt(x)},${fmt(y)}L${pt(tip)}`
  for (let i = 1; i < 9; i++) {
    const t = i / 9
    const px = x + (tip.x - x) * t
    const py = y + (tip.y - y) * t
    const w = Math.sin(t * Math.PI) * 1.3
    veins += `M${fmt(px)},${fmt(py)}l${fmt((nx + (tip.x - x) * 0.08) * w)},${fmt((ny + (tip.y - y) * 0.08) * w)}`
    veins += `M${fmt(px)},${fmt(py)}l${fmt((-nx + (tip.x - x) * 0.08) * w)},${fmt((-ny + (tip.y - y) * 0.08) * w)}`
  }
  return (
    path(leaf, base) +
    `<path d="${veins}" stroke="${lighten(base, 0.18)}" stroke-width="2" fill="none" opacity="0.6"/>`
  )
}

function foliageFrame(ctx: Ctx): string {
  const { rng } = ctx
  let out = ''
  const colors = ['#1f5a36', '#2a6e3e', '#246a48']
  for (let i = 0; i < 5; i++)
    out += bigLeaf(
      ctx,
      rng.range(-40, 40),
      H + 20,
      rng.range(-1.3, -0.4),
      rng.range(220, 340),
      rng.pick(colors),
    )
  for (let i = 0; i < 5; i++)
    out += bigLeaf(
      ctx,
      W + rng.range(-40, 40),
      H + 20,
      rng.range(-2.7, -1.8),
      rng.range(220, 340),
      rng.pick(colors),
    )
  return out
}

/** A striped beach umbrella over a wooden lounger. */
function beachUmbrella(ctx: Ctx, x: number, y: number): string {
  const colors = [ctx.rng.pick(['#e0553a', '#1f9aa8', '#f2b233']), '#f6f1e8']
  let canopy = ''
  const rimY = y - 118
  for (let i = 0; i < 6; i++) {
    const xa = x - 110 + i * 36.7
    const xb = xa + 36.7
    canopy += path(
      `M${fmt(x)},${fmt(y - 160)}L${fmt(xa)},${fmt(rimY)}Q${fmt((xa + xb) / 2)},${fmt(rimY - 10)} ${fmt(xb)},${fmt(rimY)}Z`,
      shade(ctx, itemAt(colors, i % 2)),
    )
  }
  const wood = shade(ctx, '#9a6e4a')
  return (
    `<ellipse cx="${fmt(x + 30)}" cy="${fmt(y + 4)}" rx="120" ry="12" fill="#8a6a40" opacity="0.25"/>` +
    rect(x - 3, y - 150, 6, 154, shade(ctx, '#6a4a30')) +
    canopy +
    path(`M${fmt(x + 10)},${fmt(y - 6)}h110l30,-34h-14l-22,26h-104Z`, wood) +
    rect(x + 14, y - 6, 6, 12, darken(wood, 0.3)) +
    rect(x + 112, y - 6, 6, 12, darken(wood, 0.3))
  )
}

function sunPath(ctx: Ctx, top: number, bottom: number): string {
  const { light, rng } = ctx
  if (light.time === 'day') return ''
  let d = ''
  for (let y = top + 4; y < bottom; y += rng.range(6, 12)) {
    const w = rng.range(20, 90) * (1 + (y - top) / 200)
    d += `M${fmt(light.sunX - w / 2 + rng.range(-20, 20))},${fmt(y)}h${fmt(w)}`
  }
  return `<path d="${d}" stroke="${light.sun}" stroke-width="2.5" stroke-linecap="round" opacity="${light.isDark ? 0.35 : 0.55}"/>`
}

export function beach(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const horizon = 440
  let out = drawSky(ctx, horizon)
  if (rng.chance(0.5))
    out += layer(
      ctx,
      rollingRidge(rng, horizon + 2, 24, 2).map((p) => ({ x: p.x, y: p.x > 800 ? p.y : horizon + 4 })),
      '#4f7a6a',
      0.85,
    )
  const shoreY = 610
  out += rect(
    0,
    horizon,
    W,
    shoreY - horizon + 40,
    linear(ctx, [
      [0, shade(ctx, '#1a6f9e', 0.15)],
      [0.45, shade(ctx, '#1aa3b8')],
      [1, shade(ctx, '#5fd6cf')],
    ]),
  )
  out += sunPath(ctx, horizon, shoreY - 60)
  let waves = ''
  for (let i = 0; i < 30; i++) {
    const y = horizon + 10 + rng.next() ** 1.5 * (shoreY - horizon - 20)
    waves += `M${fmt(rng.range(0, W))},${fmt(y)}h${fmt(rng.range(20, 80) * (1 + (y - horizon) / 120))}`
  }
  out += `<path d="${waves}" stroke="#ffffff" stroke-width="2" stroke-linecap="round" opacity="0.35"/>`
  const sand = rollingRidge(rng, shoreY + 40, 30, 0.6)
  const foam = sand.map((p) => ({ x: p.x, y: p.y - 10 }))
  out += layer(ctx, foam, '#e9fbf6', 0.05)
  out += layer(ctx, sand, '#f0dcb0', 0.02)
  out += path(
    `${foam.map((p, i) => `${i === 0 ? 'M' : 'L'}${pt(p)}`).join('')}`,
    'none',
    ' stroke="#ffffff" stroke-width="3" opacity="0.8"',
  )
  out += layer(ctx, rollingRidge(rng, 760, 20, 0.5), '#e6cc98', 0.0)
  const bx = rng.range(500, 720)
  out += placeBuilding(ctx, focus, yAt(sand, bx) + 80, bx)
  if (rng.chance(0.7)) {
    const ux = bx < W / 2 ? rng.range(860, 960) : rng.range(240, 340)
    out += beachUmbrella(ctx, ux, yAt(sand, ux) + 120)
  }
  const lean = rng.chance(0.5) ? 1 : -1
  out += palm(ctx, rng.range(60, 180), H + 10, rng.range(430, 560), lean * rng.range(60, 140))
  out += palm(ctx, rng.range(W - 200, W - 60), H + 10, rng.range(380, 520), -lean * rng.range(40, 120))
  if (rng.chance(0.6))
    out += palm(ctx, rng.range(250, 350), yAt(sand, 300) + 40, rng.range(240, 300), rng.range(-40, 40), 0.1)
  if (!focus.backdrop) out += grass(ctx, 740, '#7d9a52', 30)
  return out
}

export function jungle(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const horizon = 470
  let out = drawSky(ctx, horizon)
  out += layer(ctx, rollingRidge(rng, 450, 90, 0.9), '#4a8068', 0.78)
  out += mistBand(ctx, 470, 60, 0.45)
  out += canopy(ctx, rollingRidge(rng, 530, 40, 1.2), '#2f7a4a', 0.5, 34)
  out += mistBand(ctx, 560, 40, 0.3)
  const near = rollingRidge(rng, 610, 50, 1)
  out += canopy(ctx, near, '#2a6e3c', 0.25, 56)
  for (let i = 0; i < 4; i++)
    out += palm(
      ctx,
      rng.range(100, W - 100),
      yAt(near, 600) + 20,
      rng.range(160, 230),
      rng.range(-40, 40),
      0.25,
    )
  const clearing = rollingRidge(rng, 715, 30, 0.4)
  out += layer(ctx, clearing, '#6f9a4a', 0.03)
  out += shrubs(ctx, clearing, 10, 24, '#3a7a3e', 0.04)
  const bx = rng.range(470, 730)
  out += placeBuilding(ctx, focus, yAt(clearing, bx) + 44, bx)
  out += roundTree(ctx, rng.range(220, 320), yAt(clearing, 270) + 30, 60, '#3d8a46', 0.05)
  if (!focus.backdrop) out += foliageFrame(ctx)
  return out
}

/** The Peña de Bernal: a tall rounded monolith, lighter on the side facing the sun. */
function pena(ctx: Ctx, x: number, base: number, h: number): string {
  const sunLeft = ctx.light.sunX < W / 2
  const rock = shade(ctx, '#a08f78', 0.22)
  const d = `M${fmt(x - 200)},${fmt(base)}C${fmt(x - 150)},${fmt(base - h * 0.15)} ${fmt(x - 110)},${fmt(base - h * 0.55)} ${fmt(x - 70)},${fmt(base - h * 0.8)}C${fmt(x - 45)},${fmt(base - h)} ${fmt(x + 40)},${fmt(base - h * 1.04)} ${fmt(x + 65)},${fmt(base - h * 0.82)}C${fmt(x + 85)},${fmt(base - h * 0.66)} ${fmt(x + 95)},${fmt(base - h * 0.5)} ${fmt(x + 120)},${fmt(base - h * 0.4)}C${fmt(x + 160)},${fmt(base - h * 0.25)} ${fmt(x + 190)},${fmt(base - h * 0.1)} ${fmt(x + 220)},${fmt(base)}Z`
  const light = lighten(rock, ctx.light.isDark ? 0.05 : 0.22)
  const dark = darken(rock, 0.18)
  let streaks = ''
  for (let i = 0; i < 10; i++) {
    const sx = x - 90 + i * 19
    const top = base - h * (0.85 - Math.abs(sx - x) / 260)
    streaks += `M${fmt(sx)},${fmt(top)}q${fmt(5)},${fmt((base - top) * 0.4)} ${fmt(-2)},${fmt((base - top) * 0.75)}`
  }
  return `${path(
    d,
    linear(
      ctx,
      sunLeft
        ? [
            [0, light],
            [0.55, rock],
            [1, dark],
          ]
        : [
            [0, dark],
            [0.45, rock],
            [1, light],
          ],
      [0, 0, 1, 0],
    ),
  )}<path d="${streaks}" stroke="${darken(rock, 0.3)}" stroke-width="2.5" fill="none" opacity="0.3"/>`
}

function vineyard(ctx: Ctx, ridge: Pt[], x0: number, x1: number): string {
  let d = ''
  const rows = 9
  for (let r = 0; r < rows; r++) {
    const t = r / (rows - 1)
    const y0 = yAt(ridge, (x0 + x1) / 2) + 12 + t * 70
    for (let x = x0 + t * 20; x < x1 - t * 20; x += 10 + t * 6) {
      const rr = 3 + t * 4
      d += circlePath(x, y0, rr)
    }
  }
  return path(d, shade(ctx, '#667a44', 0.3))
}

export function desertHills(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const horizon = 520
  let out = drawSky(ctx, horizon)
  out += layer(ctx, rollingRidge(rng, 500, 70, 0.9), '#b7a184', 0.82)
  out += pena(ctx, rng.range(300, 900), 545, rng.range(250, 310))
  out += mistBand(ctx, 545, 40, 0.3)
  const mid = rollingRidge(rng, 590, 50, 1)
  out += layer(ctx, mid, '#c9a66b', 0.42)
  out += shrubs(ctx, mid, 26, 12, '#7a8a4a', 0.42)
  if (rng.chance(0.55)) out += vineyard(ctx, mid, rng.range(-20, 200), rng.range(500, 700))
  const ground = rollingRidge(rng, 715, 36, 0.5)
  out += layer(ctx, ground, '#d6b27a', 0.03)
  out += shrubs(ctx, ground, 6, 20, '#8a9a5a', 0.05)
  const bx = rng.range(470, 730)
  out += placeBuilding(ctx, focus, yAt(ground, bx) + 40, bx)
  out += cactus(ctx, rng.range(80, 200), H - rng.range(10, 40), rng.range(150, 210))
  out += cactus(ctx, rng.range(W - 220, W - 90), H - rng.range(30, 60), rng.range(110, 170))
  out += agave(ctx, rng.range(260, 360), H - 20, 60)
  out += agave(ctx, rng.range(880, 980), H - 10, 50)
  return out
}

export function lagoon(ctx: Ctx, focus: Focus): string {
  const { rng } = ctx
  const horizon = 450
  let out = drawSky(ctx, horizon)
  out += layer(ctx, rollingRidge(rng, horizon, 14, 2), '#2f6a4a', 0.75)
  const bands = ['#1f5f9e', '#1b86b8', '#22aebf', '#4fd0c6', '#a6ece0']
  const bandYs = [horizon, 480, 530, 590, 650]
  for (let i = 0; i < bands.length; i++) {
    const ridge = rollingRidge(rng, itemAt(bandYs, i) + 6, 10, 1.5)
    out += layer(ctx, ridge, itemAt(bands, i), Math.max(0, 0.3 - i * 0.08))
  }
  out += sunPath(ctx, horizon, 600)
  let shimmer = ''
  for (let i = 0; i < 24; i++)
    shimmer += `M${fmt(rng.range(0, W))},${fmt(rng.range(horizon + 8, 680))}h${fmt(rng.range(20, 90))}`
  out += `<path d="${shimmer}" stroke="#ffffff" stroke-width="2" stroke-linecap="round" opacity="0.3"/>`
  const shore = rollingRidge(rng, 730, 26, 0.5)
  const bx = rng.range(520, 720)
  if (focus.inWater) {
    const pier = shade(ctx, '#8a6244')
    out += path(
      polygon([
        { x: bx - 20, y: 620 },
        { x: bx + 20, y: 620 },
        { x: bx + 60, y: H + 10 },
        { x: bx - 10, y: H + 10 },
      ]),
      pier,
    )
    out += placeBuilding(ctx, focus, 610, bx)
  } else {
    const px = bx < W / 2 ? bx + rng.range(260, 360) : bx - rng.range(260, 360)
    out += dock(ctx, px, yAt(shore, px) + 6)
  }
  out += layer(ctx, shore, '#f4ead2', 0.02)
  out += shrubs(ctx, shore, 5, 22, '#3a7a46', 0.02)
  if (!focus.inWater) out += placeBuilding(ctx, focus, yAt(shore, bx) + 50, bx)
  out += palm(ctx, rng.range(40, 160), H + 10, rng.range(420, 540), rng.range(40, 120))
  if (rng.chance(0.7))
    out += palm(ctx, rng.range(W - 160, W - 40), H + 10, rng.range(360, 480), -rng.range(40, 120))
  return out
}
