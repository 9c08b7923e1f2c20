import { darken, lighten, mix } from './color.ts'
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
  type Random,
  shade,
  smoothLine,
  W,
  yAt,
} from './context.ts'

/** A rolling skyline across the picture: a few sine waves with random phases. */
export function rollingRidge(rng: Random, base: number, amplitude: number, waviness = 1): Pt[] {
  const waves = [0, 1, 2].map((i) => ({
    f: (rng.range(0.6, 1.4) * (i + 1) * waviness * Math.PI * 2) / W,
    p: rng.range(0, Math.PI * 2),
    a: 1 / (i + 1) ** 1.3,
  }))
  const points: Pt[] = []
  for (let x = -40; x <= W + 40; x += 40) {
    const y = waves.reduce((sum, w) => sum + w.a * Math.sin(x * w.f + w.p), 0)
    points.push({ x, y: base - amplitude * (0.5 + y * 0.4) })
  }
  return points
}

/** A jagged mountain skyline of peaks and valleys. */
export function peakRidge(
  rng: Random,
  base: number,
  minHeight: number,
  maxHeight: number,
  count: number,
): Pt[] {
  const points: Pt[] = [{ x: -60, y: base - rng.range(0.2, 0.5) * maxHeight }]
  const step = (W + 120) / count
  for (let i = 0; i < count; i++) {
    const x0 = -60 + i * step
    const peakX = x0 + step * rng.range(0.35, 0.65)
    const peakY = base - rng.range(minHeight, maxHeight)
    points.push({ x: x0 + step * rng.range(0.15, 0.3), y: base - rng.range(0.1, 0.35) * maxHeight })
    points.push({ x: peakX - step * 0.12, y: peakY + rng.range(8, 30) })
    points.push({ x: peakX, y: peakY })
    points.push({ x: peakX + step * 0.14, y: peakY + rng.range(10, 40) })
  }
  points.push({ x: W + 60, y: base - rng.range(0.2, 0.5) * maxHeight })
  return points
}

/** A filled layer under a skyline, with a vertical gradient that fades into the haze at its foot. */
export function layer(
  ctx: Ctx,
  ridge: Pt[],
  color: string,
  depth: number,
  smooth = true,
  bottom = H + 20,
): string {
  const top = shade(ctx, color, depth)
  const foot = mix(top, ctx.light.haze, 0.2 + depth * 0.3)
  const line = smooth ? smoothLine(ridge) : `M${ridge.map(pt).join('L')}`
  const d = `${line}L${W + 60},${bottom}L-60,${bottom}Z`
  return path(
    d,
    linear(ctx, [
      [0, top],
      [1, foot],
    ]),
  )
}

/** Shadowed faces on the side of each peak away from the sun, for a faceted look. */
export function peakFacets(ctx: Ctx, ridge: Pt[], color: string, depth: number, base: number): string {
  const sunLeft = ctx.light.sunX < W / 2
  const step = sunLeft ? 1 : -1
  let d = ''
  for (let i = 1; i < ridge.length - 1; i++) {
    const p = itemAt(ridge, i)
    if (p.y > itemAt(ridge, i - 1).y || p.y > itemAt(ridge, i + 1).y) continue
    // follow the ridge down the shadow side to the next valley
    const slope: Pt[] = [p]
    let j = i + step
    while (j > 0 && j < ridge.length - 1 && itemAt(ridge, j + step).y >= itemAt(ridge, j).y) {
      slope.push(itemAt(ridge, j))
      j += step
    }
    const valley = itemAt(ridge, j)
    slope.push(valley)
    d += polygon([...slope, { x: p.x + (valley.x - p.x) * 0.3, y: base + 40 }])
  }
  return path(d, shade(ctx, darken(color, 0.22), depth), ' opacity="0.5"')
}

/** Path of one conifer: stacked tiers and a short trunk. */
function pine(x: number, y: number, h: number, slim: number): string {
  const w = h * slim
  let d = `M${fmt(x - h * 0.025)},${fmt(y)}v${fmt(-h * 0.16)}h${fmt(h * 0.05)}v${fmt(h * 0.16)}Z`
  const tiers = 3
  for (let i = 0; i < tiers; i++) {
    const bottom = y - h * 0.1 - i * h * 0.24
    const top = i === tiers - 1 ? y - h : bottom - h * 0.46
    const half = (w / 2) * (1 - i * 0.24)
    d += `M${fmt(x)},${fmt(top)}Q${fmt(x + half * 0.35)},${fmt(bottom - h * 0.12)} ${fmt(x + half)},${fmt(bottom)}Q${fmt(x)},${fmt(bottom - h * 0.04)} ${fmt(x - half)},${fmt(bottom)}Q${fmt(x - half * 0.35)},${fmt(bottom - h * 0.12)} ${fmt(x)},${fmt(top)}Z`
  }
  return d
}

/** The sunlit half of a conifer. */
function pineLight(x: number, y: number, h: number, slim: number, left: boolean): string {
  const w = h * slim
  const s = left ? -1 : 1
  let d = ''
  for (let i = 0; i < 3; i++) {
    const bottom = y - h * 0.1 - i * h * 0.24
    const top = i === 2 ? y - h : bottom - h * 0.46
    const half = (w / 2) * (1 - i * 0.24)
    d += `M${fmt(x)},${fmt(top)}Q${fmt(x + s * half * 0.35)},${fmt(bottom - h * 0.12)} ${fmt(x + s * half)},${fmt(bottom)}Q${fmt(x + s * half * 0.5)},${fmt(bottom - h * 0.03)} ${fmt(x)},${fmt(bottom - h * 0.04)}Z`
  }
  return d
}

export type TreeOptions = {
  count: number
  minH: number
  maxH: number
  depth: number
  color: string
  sink?: number
}

/** A row of conifers standing on a skyline, spread across [x0, x1]. */
export function pineRow(ctx: Ctx, ridge: Pt[], opts: TreeOptions, x0 = -20, x1 = W + 20): string {
  const { rng } = ctx
  const trees: { x: number; y: number; h: number; slim: number }[] = []
  for (let i = 0; i < opts.count; i++) {
    const x = x0 + ((i + rng.range(0.1, 0.9)) / opts.count) * (x1 - x0)
    trees.push({
      x,
      y: yAt(ridge, x) + (opts.sink ?? 6),
      h: rng.range(opts.minH, opts.maxH),
      slim: rng.range(0.34, 0.46),
    })
  }
  trees.sort((a, b) => a.y - b.y)
  const base = shade(ctx, opts.color, opts.depth)
  const sunLeft = ctx.light.sunX < W / 2
  const lit = mix(base, lighten(ctx.light.glow, 0.2), ctx.light.isDark ? 0.04 : 0.16)
  return (
    path(trees.map((t) => pine(t.x, t.y, t.h, t.slim)).join(''), base) +
    (opts.depth < 0.6 ? path(trees.map((t) => pineLight(t.x, t.y, t.h, t.slim, sunLeft)).join(''), lit) : '')
  )
}

/** A single large conifer, e.g. framing the foreground. */
export function bigPine(ctx: Ctx, x: number, y: number, h: number, color: string): string {
  const sunLeft = ctx.light.sunX < W / 2
  const base = shade(ctx, color, 0)
  const lit = mix(base, lighten(ctx.light.glow, 0.2), ctx.light.isDark ? 0.04 : 0.14)
  return path(pine(x, y, h, 0.42), base) + path(pineLight(x, y, h, 0.42, sunLeft), lit)
}

/** A broadleaf crown: a cluster of circles on a trunk. */
export function roundTree(ctx: Ctx, x: number, y: number, r: number, color: string, depth: number): string {
  const { rng } = ctx
  const trunkColor = shade(ctx, '#5a4030', depth)
  let crown = ''
  let light = ''
  const puffs = rng.int(4, 6)
  const sunLeft = ctx.light.sunX < W / 2
  for (let i = 0; i < puffs; i++) {
    const a = (i / puffs) * Math.PI * 2 + rng.range(0, 0.6)
    const cx = x + Math.cos(a) * r * 0.55
    const cy = y - r * 1.5 + Math.sin(a) * r * 0.45
    const pr = r * rng.range(0.5, 0.72)
    crown += circlePath(cx, cy, pr)
    if (Math.cos(a) < 0 === sunLeft && Math.sin(a) < 0.3)
      light += circlePath(cx + (sunLeft ? -1 : 1) * pr * 0.15, cy - pr * 0.2, pr * 0.7)
  }
  crown += circlePath(x, y - r * 1.5, r * 0.7)
  const base = shade(ctx, color, depth)
  return (
    path(
      `M${fmt(x - r * 0.08)},${fmt(y)}L${fmt(x - r * 0.05)},${fmt(y - r * 1.3)}L${fmt(x + r * 0.05)},${fmt(y - r * 1.3)}L${fmt(x + r * 0.08)},${fmt(y)}Z`,
      trunkColor,
    ) +
    path(crown, base) +
    path(light, mix(base, lighten(ctx.light.glow, 0.3), ctx.light.isDark ? 0.05 : 0.18))
  )
}

/** A dense canopy skyline made of overlapping round crowns. */
export function canopy(ctx: Ctx, ridge: Pt[], color: string, depth: number, size: number): string {
  const { rng } = ctx
  let d = ''
  for (let x = -30; x < W + 40; x += size * rng.range(0.7, 1.1)) {
    const r = size * rng.range(0.6, 0.95)
    d += circlePath(x, yAt(ridge, x) - r * 0.4, r)
  }
  const ground = `${smoothLine(ridge)}L${W + 60},${H + 20}L-60,${H + 20}Z`
  return path(d + ground, shade(ctx, color, depth))
}

/** A coconut palm leaning by `lean` pixels. */
export function palm(ctx: Ctx, x: number, y: number, h: number, lean: number, depth = 0): string {
  const { rng } = ctx
  const top = { x: x + lean, y: y - h }
  const ctrl = { x: x + lean * 0.1, y: y - h * 0.55 }
  const left: Pt[] = []
  const right: Pt[] = []
  for (let i = 0; i <= 10; i++) {
    const t = i / 10
    const px = (1 - t) ** 2 * x + 2 * (1 - t) * t * ctrl.x + t * t * top.x
    const py = (1 - t) ** 2 * y + 2 * (1 - t) * t * ctrl.y + t * t * top.y
    const w = h * (0.038 - t * 0.018)
    left.push({ x: px - w, y: py })
    right.unshift({ x: px + w, y: py })
  }
  const trunk = shade(ctx, '#8a6a4a', depth)
  let rings = ''
  for (let i = 2; i < 10; i++) {
    const a = itemAt(left, i)
    const b = itemAt(right, 10 - i)
    rings += `M${pt(a)}L${pt(b)}`
  }
  const leafColor = shade(ctx, '#2f7d4a', depth)
  const leafDark = shade(ctx, '#1f5a36', depth)
  let leaves = ''
  let back = ''
  const n = rng.int(7, 9)
  for (let i = 0; i < n; i++) {
    const a = -Math.PI + (i / (n - 1)) * Math.PI + rng.range(-0.15, 0.15)
    const len = h * rng.range(0.36, 0.5)
    const dx = Math.cos(a) * len
    const droop = len * (0.25 + Math.abs(Math.cos(a)) * 0.45)
    const tip = { x: top.x + dx, y: top.y + Math.sin(a) * len * 0.55 + droop }
    const mid = { x: top.x + dx * 0.5, y: top.y + Math.sin(a) * len * 0.6 - len * 0.08 }
    const nx = (-(tip.y - top.y) / len) * len * 0.13
    const ny = ((tip.x - top.x) / len) * len * 0.13
    const leaf = `M${pt(top)}Q${fmt(mid.x + nx)},${fmt(mid.y + ny)} ${pt(tip)}Q${fmt(mid.x - nx)},${fmt(mid.y - ny)} ${pt(top)}Z`
    if (i % 2 === 0) back += leaf
    else leaves += leaf
  }
  return (
    path(polygon([...left, ...right]), trunk) +
    `<path d="${rings}" stroke="${darken(trunk, 0.25)}" stroke-width="${fmt(h * 0.008)}" opacity="0.6"/>` +
    path(back, leafDark) +
    path(leaves, leafColor) +
    path(
      circlePath(top.x - 5, top.y + 8, h * 0.018) + circlePath(top.x + 6, top.y + 9, h * 0.018),
      shade(ctx, '#6b4a2a', depth),
    )
  )
}

/** An organ-pipe or candelabra cactus drawn with round-capped strokes. */
export function cactus(ctx: Ctx, x: number, y: number, h: number, depth = 0): string {
  const { rng } = ctx
  const w = h * 0.16
  const color = shade(ctx, '#5d8a55', depth)
  let d = `M${fmt(x)},${fmt(y)}V${fmt(y - h)}`
  const arms = rng.int(1, 2)
  for (let i = 0; i < arms; i++) {
    const s = i === 0 ? -1 : 1
    const ay = y - h * rng.range(0.35, 0.6)
    const reach = h * rng.range(0.2, 0.28)
    d += `M${fmt(x)},${fmt(ay)}H${fmt(x + s * (reach - w * 0.5))}Q${fmt(x + s * reach)},${fmt(ay)} ${fmt(x + s * reach)},${fmt(ay - w * 0.6)}V${fmt(ay - h * rng.range(0.22, 0.35))}`
  }
  const light = mix(color, lighten(ctx.light.glow, 0.4), ctx.light.isDark ? 0.05 : 0.25)
  return (
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${fmt(w)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M${fmt(x - w * 0.18)},${fmt(y)}V${fmt(y - h)}" stroke="${light}" stroke-width="${fmt(w * 0.22)}" stroke-linecap="round" opacity="0.8"/>`
  )
}

/** An agave rosette. */
export function agave(ctx: Ctx, x: number, y: number, size: number, depth = 0): string {
  let d = ''
  const n = 9
  for (let i = 0; i < n; i++) {
    const a = Math.PI + (i / (n - 1)) * Math.PI
    const len = size * (0.6 + Math.sin((i / (n - 1)) * Math.PI) * 0.5)
    const tip = { x: x + Math.cos(a) * len, y: y + Math.sin(a) * len * 0.9 }
    const nx = -Math.sin(a) * size * 0.09
    const ny = Math.cos(a) * size * 0.09
    d += `M${fmt(x + nx)},${fmt(y + ny)}L${pt(tip)}L${fmt(x - nx)},${fmt(y - ny)}Z`
  }
  return path(d, shade(ctx, '#6f9a8a', depth))
}

/** Low shrubs scattered along a skyline. */
export function shrubs(
  ctx: Ctx,
  ridge: Pt[],
  count: number,
  size: number,
  color: string,
  depth: number,
): string {
  const { rng } = ctx
  let d = ''
  for (let i = 0; i < count; i++) {
    const x = rng.range(-20, W + 20)
    const y = yAt(ridge, x) + size * 0.3
    const s = size * rng.range(0.6, 1.2)
    d +=
      circlePath(x - s * 0.5, y - s * 0.3, s * 0.55) +
      circlePath(x + s * 0.4, y - s * 0.25, s * 0.5) +
      circlePath(x, y - s * 0.6, s * 0.6)
  }
  return path(d, shade(ctx, color, depth))
}

/** Thin blades of grass along the bottom of the picture. */
export function grass(ctx: Ctx, y: number, color: string, count = 70): string {
  const { rng } = ctx
  let d = ''
  for (let i = 0; i < count; i++) {
    const x = rng.range(-10, W + 10)
    const by = y + rng.range(0, H - y)
    const h = rng.range(10, 26) * (0.6 + (by - y) / (H - y + 1))
    const lean = rng.range(-6, 6)
    d += `M${fmt(x - 2)},${fmt(by)}Q${fmt(x + lean * 0.3)},${fmt(by - h * 0.6)} ${fmt(x + lean)},${fmt(by - h)}Q${fmt(x + lean * 0.2)},${fmt(by - h * 0.5)} ${fmt(x + 2)},${fmt(by)}Z`
  }
  return path(d, shade(ctx, color, 0), ' opacity="0.8"')
}
