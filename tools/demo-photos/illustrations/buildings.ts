import { darken, lighten, mix } from './color.ts'
import { type Ctx, fmt, linear, type Pt, path, polygon, pt, type Random, rect, shade, W } from './context.ts'
import { bigPine } from './nature.ts'
import { bougainvillea, glassFill, lightHalo, pottedPlant, smoke, windowPane } from './parts.ts'

export type Palette = { wall: string; roof: string; trim: string; stone: string }

const WOOD: Palette[] = [
  { wall: '#a86d40', roof: '#4b3a34', trim: '#5a3a24', stone: '#8c8a86' },
  { wall: '#8f5b37', roof: '#7b3a2c', trim: '#4a2f1f', stone: '#9a948a' },
  { wall: '#b98556', roof: '#3d4a52', trim: '#5e3d27', stone: '#858580' },
  { wall: '#75503a', roof: '#5d6b3b', trim: '#3e2a1d', stone: '#9c958c' },
  { wall: '#c08a5a', roof: '#6a2f2a', trim: '#6b4429', stone: '#a09a90' },
]

const STUCCO: Palette[] = [
  { wall: '#f1e6d2', roof: '#b4533a', trim: '#6b4429', stone: '#a09a90' },
  { wall: '#f4efe6', roof: '#a94a34', trim: '#3f6e8c', stone: '#9a948a' },
  { wall: '#ecc9a8', roof: '#b75c3c', trim: '#5b7f4a', stone: '#a39b8f' },
]

/** Palettes are picked once per cabin, so all its pictures show the same house. */
export const woodPalette = (rng: Random) => rng.pick(WOOD)
export const stuccoPalette = (rng: Random) => rng.pick(STUCCO)

/** Faces lit by the sun read lighter; the face turned away reads darker. */
function faces(ctx: Ctx, color: string): { front: string; side: string } {
  const sunLeft = ctx.light.sunX < W / 2
  const lit = shade(ctx, color)
  const dim = shade(ctx, darken(color, 0.24))
  return sunLeft
    ? { front: lit, side: dim }
    : { front: mix(lit, dim, 0.55), side: shade(ctx, lighten(color, 0.04)) }
}

/** Skew transform so a side wall can be drawn as if it were flat, starting at x0 and rising by k per pixel. */
const skew = (k: number, x0: number) => `matrix(1,${fmt(k)},0,1,0,${fmt(-k * x0)})`

type Box = { left: number; base: number; w: number; h: number; dx: number; dy: number }

function planks(
  ctx: Ctx,
  x1: number,
  x2: number,
  yTop: number,
  yBottom: number,
  color: string,
  step: number,
): string {
  let d = ''
  for (let y = yBottom - step; y > yTop; y -= step) d += `M${fmt(x1)},${fmt(y)}H${fmt(x2)}`
  return `<path d="${d}" stroke="${shade(ctx, darken(color, 0.35))}" stroke-width="${fmt(step * 0.12)}" opacity="0.45"/>`
}

/** The side wall of a box, with windows, drawn in skewed space. */
function sideWall(ctx: Ctx, b: Box, palette: Palette, windows: number, log: boolean, s: number): string {
  const x0 = b.left + b.w
  const k = b.dy / b.dx
  const { side } = faces(ctx, palette.wall)
  let inner = rect(x0, b.base - b.h, b.dx, b.h, side)
  if (log) inner += planks(ctx, x0, x0 + b.dx, b.base - b.h, b.base, palette.wall, 13 * s)
  inner += rect(x0, b.base - 16 * s, b.dx, 16 * s, shade(ctx, darken(palette.stone, 0.15)))
  const ww = Math.min(46 * s, (b.dx / windows) * 0.5)
  for (let i = 0; i < windows; i++) {
    const cx = x0 + ((i + 0.5) / windows) * b.dx
    inner += windowPane(ctx, cx - ww / 2, b.base - b.h * 0.72, ww, b.h * 0.42, palette.trim)
    inner += lightHalo(ctx, cx, b.base - b.h * 0.5, ww * 1.6, 0.35)
  }
  return `<g transform="${skew(k, x0)}">${inner}</g>`
}

function deck(ctx: Ctx, x1: number, x2: number, y: number, depth: number, color: string): string {
  const top = shade(ctx, color)
  return (
    path(
      polygon([
        { x: x1, y },
        { x: x2, y },
        { x: x2 + 6, y: y + depth },
        { x: x1 - 6, y: y + depth },
      ]),
      top,
    ) + rect(x1 - 6, y + depth, x2 - x1 + 12, depth * 0.45, shade(ctx, darken(color, 0.35)))
  )
}

export type BuildingOptions = { x: number; ground: number; s: number }

/** Gabled log cabin with chimney, porch and warm windows. */
export function cabin(ctx: Ctx, { x, ground, s }: BuildingOptions, palette: Palette): string {
  const w = 210 * s
  const h = 118 * s
  const rh = 96 * s
  const dx = 200 * s
  const dy = -42 * s
  const left = x - (w + dx) / 2
  const b: Box = { left, base: ground, w, h, dx, dy }
  const apex = { x: left + w / 2, y: ground - h - rh }
  const apex2 = { x: apex.x + dx, y: apex.y + dy }
  const eaveR = { x: left + w + (w / 2) * 0.16, y: ground - h + rh * 0.16 }
  const eaveL = { x: left - (w / 2) * 0.16, y: ground - h + rh * 0.16 }
  const over = { x: 14 * s, y: (14 * s * dy) / dx }
  const roofPlane = [
    apex,
    { x: apex2.x + over.x, y: apex2.y + over.y },
    { x: eaveR.x + dx + over.x, y: eaveR.y + dy + over.y },
    eaveR,
  ]
  const { front } = faces(ctx, palette.wall)
  let out = ''
  // chimney behind the ridge
  const chimney = { x: apex.x + dx * 0.62, y: apex.y + dy * 0.62 }
  out += smoke(ctx, chimney.x + 8 * s, chimney.y - 52 * s, s)
  out += rect(chimney.x - 4 * s, chimney.y - 46 * s, 26 * s, 70 * s, shade(ctx, palette.stone))
  out += rect(chimney.x - 7 * s, chimney.y - 50 * s, 32 * s, 8 * s, shade(ctx, darken(palette.stone, 0.25)))
  out += sideWall(ctx, b, palette, 2, true, s)
  const frontFace: Pt[] = [
    { x: left, y: ground },
    { x: left + w, y: ground },
    { x: left + w, y: ground - h },
    apex,
    { x: left, y: ground - h },
  ]
  out += path(polygon(frontFace), front)
  let gablePlanks = ''
  for (let y = ground - 13 * s; y > apex.y + 8 * s; y -= 13 * s) {
    const half = y < ground - h ? (w / 2) * ((y - apex.y) / rh) : w / 2
    gablePlanks += `M${fmt(apex.x - half)},${fmt(y)}H${fmt(apex.x + half)}`
  }
  out += `<path d="${gablePlanks}" stroke="${shade(ctx, darken(palette.wall, 0.35))}" stroke-width="${fmt(1.6 * s)}" opacity="0.45"/>`
  out += rect(left, ground - 16 * s, w, 16 * s, shade(ctx, palette.stone))
  // roof and fascia
  out += path(
    polygon(roofPlane),
    linear(ctx, [
      [0, shade(ctx, lighten(palette.roof, 0.12))],
      [1, shade(ctx, darken(palette.roof, 0.1))],
    ]),
  )
  let shingles = ''
  for (let i = 1; i < 6; i++) {
    const t = i / 6
    const a = { x: apex.x + (eaveR.x - apex.x) * t, y: apex.y + (eaveR.y - apex.y) * t }
    shingles += `M${pt(a)}l${fmt(dx + over.x)},${fmt(dy + over.y)}`
  }
  out += `<path d="${shingles}" stroke="${shade(ctx, darken(palette.roof, 0.35))}" stroke-width="${fmt(2 * s)}" opacity="0.5"/>`
  const fascia = (a: Pt, e: Pt) =>
    `M${pt(a)}L${pt(e)}L${fmt(e.x)},${fmt(e.y + 11 * s)}L${fmt(a.x)},${fmt(a.y + 11 * s)}Z`
  out += path(fascia(apex, eaveR) + fascia(apex, eaveL), shade(ctx, palette.trim))
  // door, gable window, front windows
  const doorX = left + w * 0.38
  out += lightHalo(ctx, doorX + 22 * s, ground - 30 * s, 90 * s, 0.45)
  out += rect(doorX, ground - 78 * s, 44 * s, 62 * s, shade(ctx, palette.trim))
  out += windowPane(ctx, doorX + 10 * s, ground - 70 * s, 24 * s, 20 * s, palette.trim, 1, 1)
  out += windowPane(ctx, apex.x - 18 * s, apex.y + rh * 0.5, 36 * s, 30 * s, palette.trim, 2, 1)
  out += windowPane(ctx, left + w * 0.66, ground - h * 0.72, 42 * s, 44 * s, palette.trim)
  // porch
  out += deck(ctx, left - 18 * s, left + w + 10 * s, ground, 14 * s, '#8a6244')
  out += pottedPlant(ctx, left + 4 * s, ground + 2 * s, 0.45 * s)
  return out
}

/** Steep A-frame with a glass gable. */
export function aFrame(ctx: Ctx, { x, ground, s }: BuildingOptions, palette: Palette): string {
  const w = 230 * s
  const hA = 250 * s
  const dx = 190 * s
  const dy = -40 * s
  const left = x - (w + dx) / 2
  const apex = { x: left + w / 2, y: ground - hA }
  const roof = shade(ctx, palette.roof)
  let out = path(
    polygon([
      apex,
      { x: apex.x + dx, y: apex.y + dy },
      { x: left + w + dx + 12 * s, y: ground + dy + 8 * s },
      { x: left + w + 12 * s, y: ground + 8 * s },
    ]),
    linear(ctx, [
      [0, shade(ctx, lighten(palette.roof, 0.1))],
      [1, roof],
    ]),
  )
  let seams = ''
  for (let i = 1; i < 7; i++) {
    const t = i / 7
    seams += `M${fmt(apex.x + (w / 2 + 12 * s) * t)},${fmt(apex.y + (hA + 8 * s) * t)}l${fmt(dx)},${fmt(dy)}`
  }
  out += `<path d="${seams}" stroke="${shade(ctx, darken(palette.roof, 0.35))}" stroke-width="${fmt(2 * s)}" opacity="0.5"/>`
  const { front } = faces(ctx, palette.wall)
  out += path(polygon([{ x: left, y: ground }, { x: left + w, y: ground }, apex]), front)
  const inset = 26 * s
  const glassApex = { x: apex.x, y: apex.y + inset * 2.1 }
  const gl = { x: left + inset * 1.3, y: ground - 16 * s }
  const gr = { x: left + w - inset * 1.3, y: ground - 16 * s }
  const span = gl.y - glassApex.y
  const halfBase = (gr.x - gl.x) / 2
  out += lightHalo(ctx, apex.x, ground - hA * 0.35, 200 * s, 0.4)
  out += path(polygon([gl, gr, glassApex]), glassFill(ctx))
  let bars = ''
  for (const t of [1 / 3, 2 / 3]) {
    const y = glassApex.y + span * t
    bars += `M${fmt(apex.x - halfBase * t)},${fmt(y)}H${fmt(apex.x + halfBase * t)}`
  }
  for (const t of [-0.5, 0, 0.5]) {
    const bx = apex.x + t * halfBase
    bars += `M${fmt(bx)},${fmt(gl.y)}V${fmt(glassApex.y + Math.abs(t) * span)}`
  }
  out += `<path d="${bars}" stroke="${shade(ctx, palette.trim)}" stroke-width="${fmt(5 * s)}"/>`
  const edge = (a: Pt, e: Pt) =>
    `M${pt(a)}L${pt(e)}L${fmt(e.x + (e.x < a.x ? -14 : 14) * s)},${fmt(e.y + 8 * s)}Z`
  out += path(
    edge(apex, { x: left - 2 * s, y: ground }) + edge(apex, { x: left + w + 2 * s, y: ground }),
    shade(ctx, palette.trim),
  )
  out += deck(ctx, left - 26 * s, left + w + 26 * s, ground, 14 * s, '#8a6244')
  return out
}

/** Low country house with white walls, terracotta roof and shutters. */
export function farmhouse(ctx: Ctx, { x, ground, s }: BuildingOptions, palette: Palette): string {
  const w = 200 * s
  const h = 104 * s
  const rh = 58 * s
  const dx = 300 * s
  const dy = -40 * s
  const left = x - (w + dx) / 2
  const b: Box = { left, base: ground, w, h, dx, dy }
  const apex = { x: left + w / 2, y: ground - h - rh }
  const eaveR = { x: left + w + 22 * s, y: ground - h + 12 * s }
  const eaveL = { x: left - 22 * s, y: ground - h + 12 * s }
  let out = sideWall(ctx, b, palette, 3, false, s)
  const { front } = faces(ctx, palette.wall)
  out += path(
    polygon([
      { x: left, y: ground },
      { x: left + w, y: ground },
      { x: left + w, y: ground - h },
      apex,
      { x: left, y: ground - h },
    ]),
    front,
  )
  out += rect(left, ground - 14 * s, w, 14 * s, shade(ctx, darken(palette.wall, 0.2)))
  const roofPlane = [
    apex,
    { x: apex.x + dx + 16 * s, y: apex.y + dy - 2 * s },
    { x: eaveR.x + dx + 16 * s, y: eaveR.y + dy - 2 * s },
    eaveR,
  ]
  out += path(
    polygon(roofPlane),
    linear(ctx, [
      [0, shade(ctx, lighten(palette.roof, 0.1))],
      [1, shade(ctx, darken(palette.roof, 0.08))],
    ]),
  )
  let tiles = ''
  for (let i = 1; i < 30; i++) {
    const t = i / 30
    tiles += `M${fmt(apex.x + (dx + 16 * s) * t)},${fmt(apex.y + (dy - 2 * s) * t)}l${fmt(eaveR.x - apex.x)},${fmt(eaveR.y - apex.y)}`
  }
  out += `<path d="${tiles}" stroke="${shade(ctx, darken(palette.roof, 0.3))}" stroke-width="${fmt(2.2 * s)}" opacity="0.45"/>`
  out += path(
    `M${pt(apex)}L${pt(eaveR)}l0,${fmt(9 * s)}L${fmt(apex.x)},${fmt(apex.y + 9 * s)}L${fmt(eaveL.x)},${fmt(eaveL.y + 9 * s)}l0,${fmt(-9 * s)}Z`,
    shade(ctx, darken(palette.roof, 0.2)),
  )
  const doorX = apex.x - 24 * s
  out += lightHalo(ctx, apex.x, ground - 40 * s, 100 * s, 0.45)
  out += path(
    `M${fmt(doorX)},${fmt(ground)}V${fmt(ground - 58 * s)}a${fmt(24 * s)},${fmt(24 * s)} 0 0,1 ${fmt(48 * s)},0V${fmt(ground)}Z`,
    shade(ctx, palette.trim),
  )
  out += windowPane(ctx, apex.x - 12 * s, apex.y + rh * 0.55, 24 * s, 24 * s, palette.trim, 1, 1)
  out += pottedPlant(ctx, doorX - 20 * s, ground, 0.5 * s, '#b8643e', '#4d8a4a')
  out += pottedPlant(ctx, doorX + 68 * s, ground, 0.45 * s, '#c77a4a', '#3f7d4e')
  out += bougainvillea(ctx, left + w, ground - h + 10 * s, 46 * s, s)
  return out
}

/** Flat-roofed modern villa with big glass and a pool. */
export function villa(ctx: Ctx, { x, ground, s }: BuildingOptions, withPool: boolean): string {
  const wall = '#f3efe8'
  const wood = '#a8744a'
  const { front, side } = faces(ctx, wall)
  const box = (left: number, base: number, w: number, h: number, dx: number, dy: number, glass: boolean) => {
    let o = path(
      polygon([
        { x: left + w, y: base },
        { x: left + w + dx, y: base + dy },
        { x: left + w + dx, y: base + dy - h },
        { x: left + w, y: base - h },
      ]),
      side,
    )
    o += path(
      polygon([
        { x: left, y: base },
        { x: left + w, y: base },
        { x: left + w, y: base - h },
        { x: left, y: base - h },
      ]),
      front,
    )
    o += path(
      polygon([
        { x: left - 6 * s, y: base - h },
        { x: left + w + 6 * s, y: base - h },
        { x: left + w + dx + 6 * s, y: base - h + dy },
        { x: left + dx - 6 * s, y: base - h + dy },
      ]),
      shade(ctx, '#d9d2c6'),
    )
    o += rect(left - 6 * s, base - h, w + 12 * s, 8 * s, shade(ctx, '#8d8478'))
    if (glass) o += windowPane(ctx, left + w * 0.08, base - h * 0.82, w * 0.56, h * 0.72, '#3b3b3b', 3, 1)
    let slats = ''
    for (let i = 0; i < 8; i++)
      slats += rect(left + w * 0.72 + i * w * 0.032, base - h * 0.86, w * 0.018, h * 0.78, shade(ctx, wood))
    return o + slats
  }
  const left = x - 260 * s
  let out = lightHalo(ctx, x - 80 * s, ground - 80 * s, 260 * s, 0.35)
  out += box(left + 60 * s, ground - 112 * s, 250 * s, 100 * s, 160 * s, -30 * s, true)
  out += box(left, ground, 330 * s, 112 * s, 190 * s, -36 * s, true)
  if (withPool) {
    const py = ground + 16 * s
    out += path(
      polygon([
        { x: left - 10 * s, y: py },
        { x: left + 380 * s, y: py },
        { x: left + 420 * s, y: py + 46 * s },
        { x: left - 40 * s, y: py + 46 * s },
      ]),
      shade(ctx, '#e8e0d2'),
    )
    out += path(
      polygon([
        { x: left + 4 * s, y: py + 6 * s },
        { x: left + 368 * s, y: py + 6 * s },
        { x: left + 400 * s, y: py + 40 * s },
        { x: left - 24 * s, y: py + 40 * s },
      ]),
      linear(ctx, [
        [0, shade(ctx, '#7fdde3')],
        [1, shade(ctx, '#2bb3c9')],
      ]),
    )
  }
  return out
}

/** A tree house: platform on a trunk, a small cabin on top and a ladder. */
export function treeHouse(ctx: Ctx, { x, ground, s }: BuildingOptions, palette: Palette): string {
  const platform = ground - 190 * s
  const bark = shade(ctx, '#6a4a35')
  let out = bigPine(ctx, x + 10 * s, ground + 10 * s, 600 * s, '#24513a')
  out += path(
    `M${fmt(x - 26 * s)},${fmt(ground)}Q${fmt(x - 12 * s)},${fmt(ground - 200 * s)} ${fmt(x - 8 * s)},${fmt(ground - 420 * s)}L${fmt(x + 8 * s)},${fmt(ground - 420 * s)}Q${fmt(x + 12 * s)},${fmt(ground - 200 * s)} ${fmt(x + 26 * s)},${fmt(ground)}Z`,
    bark,
  )
  out += path(
    `M${fmt(x)},${fmt(platform + 40 * s)}L${fmt(x - 120 * s)},${fmt(platform + 8 * s)}L${fmt(x - 116 * s)},${fmt(platform)}L${fmt(x + 4 * s)},${fmt(platform + 28 * s)}Z`,
    bark,
  )
  out += path(
    `M${fmt(x)},${fmt(platform + 40 * s)}L${fmt(x + 130 * s)},${fmt(platform + 6 * s)}L${fmt(x + 126 * s)},${fmt(platform - 2 * s)}L${fmt(x - 4 * s)},${fmt(platform + 28 * s)}Z`,
    bark,
  )
  out += cabin(ctx, { x: x + 6 * s, ground: platform, s: s * 0.58 }, palette)
  out += rect(x - 150 * s, platform, 300 * s, 12 * s, shade(ctx, '#7a5238'))
  let rail = ''
  for (let i = 0; i <= 12; i++)
    rail += rect(x - 150 * s + i * 25 * s, platform - 30 * s, 4 * s, 30 * s, shade(ctx, '#5a3a24'))
  rail += rect(x - 150 * s, platform - 32 * s, 300 * s, 5 * s, shade(ctx, '#5a3a24'))
  out += rail
  const lx = x - 120 * s
  let ladder =
    rect(lx, platform, 5 * s, ground - platform, shade(ctx, '#5a3a24')) +
    rect(lx + 30 * s, platform, 5 * s, ground - platform, shade(ctx, '#5a3a24'))
  for (let y = platform + 20 * s; y < ground; y += 22 * s)
    ladder += rect(lx, y, 35 * s, 4 * s, shade(ctx, '#5a3a24'))
  return out + ladder
}
