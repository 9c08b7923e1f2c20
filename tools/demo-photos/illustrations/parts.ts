import { darken, lighten, mix } from './color.ts'
import { type Ctx, circlePath, fmt, linear, path, polygon, radial, rect, shade, W } from './context.ts'

/** The glass of a window: warm light after dark, sky reflection by day. */
export function glassFill(ctx: Ctx): string {
  const { light } = ctx
  if (light.isDark)
    return linear(ctx, [
      [0, '#ffe7a8'],
      [1, '#ffb555'],
    ])
  if (light.time === 'golden')
    return linear(ctx, [
      [0, '#f7c58a'],
      [1, '#8d6a7a'],
    ])
  return linear(ctx, [
    [0, mix(light.skyMid, '#ffffff', 0.25)],
    [1, mix(light.skyTop, '#2a3a50', 0.35)],
  ])
}

/** A framed window with mullions; `cols` × `rows` panes. */
export function windowPane(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  frame: string,
  cols = 2,
  rows = 2,
): string {
  const t = Math.max(2, Math.min(w, h) * 0.08)
  let out = rect(x - t, y - t, w + 2 * t, h + 2 * t, shade(ctx, frame))
  out += rect(x, y, w, h, glassFill(ctx))
  if (!ctx.light.isDark)
    out += path(
      `M${fmt(x + w * 0.15)},${fmt(y + h)}L${fmt(x + w * 0.55)},${fmt(y)}L${fmt(x + w * 0.75)},${fmt(y)}L${fmt(x + w * 0.35)},${fmt(y + h)}Z`,
      '#ffffff',
      ' opacity="0.18"',
    )
  const bar = shade(ctx, frame)
  for (let i = 1; i < cols; i++) out += rect(x + (w * i) / cols - t * 0.35, y, t * 0.7, h, bar)
  for (let i = 1; i < rows; i++) out += rect(x, y + (h * i) / rows - t * 0.35, w, t * 0.7, bar)
  out += rect(x - t * 1.6, y + h + t * 0.6, w + t * 3.2, t * 1.3, shade(ctx, darken(frame, 0.15)))
  return out
}

/** A warm halo around a light source, only after dark. */
export function lightHalo(ctx: Ctx, cx: number, cy: number, r: number, strength = 0.5): string {
  if (!ctx.light.isDark) return ''
  const fill = radial(
    ctx,
    [
      [0, '#ffc862', strength],
      [0.4, '#ffb04a', strength * 0.35],
      [1, '#ff9a3a', 0],
    ],
    cx,
    cy,
    r,
  )
  return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${fill}"/>`
}

/** Chimney smoke: soft puffs drifting away from the wind. */
export function smoke(ctx: Ctx, x: number, y: number, s: number): string {
  const { rng } = ctx
  const color = ctx.light.isDark ? '#9aa4bf' : lighten(ctx.light.haze, 0.5)
  let out = ''
  let cx = x
  let cy = y
  const drift = rng.chance(0.5) ? 1 : -1
  for (let i = 0; i < 6; i++) {
    const r = s * (7 + i * 4)
    out += `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${color}" opacity="${fmt(0.5 - i * 0.075)}"/>`
    cx += drift * s * (8 + i * 6)
    cy -= s * (14 + i * 4)
  }
  return out
}

/** A string of small warm bulbs hanging between two points. */
export function stringLights(ctx: Ctx, x1: number, y1: number, x2: number, y2: number, sag: number): string {
  const n = Math.max(6, Math.round(Math.abs(x2 - x1) / 34))
  const mx = (x1 + x2) / 2
  const my = (y1 + y2) / 2 + sag
  let bulbs = ''
  let glow = ''
  for (let i = 1; i < n; i++) {
    const t = i / n
    const bx = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t * t * x2
    const by = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * my + t * t * y2 + 5
    bulbs += circlePath(bx, by, 3.2)
    glow += circlePath(bx, by, 9)
  }
  const wire = `<path d="M${fmt(x1)},${fmt(y1)}Q${fmt(mx)},${fmt(my + sag)} ${fmt(x2)},${fmt(y2)}" fill="none" stroke="#2b2a2a" stroke-width="1.5" opacity="0.6"/>`
  if (!ctx.light.isDark) return wire + path(bulbs, '#f4ead2', ' opacity="0.9"')
  return wire + path(glow, '#ffcf70', ' opacity="0.25"') + path(bulbs, '#fff0b8')
}

/** A potted plant with a few rounded leaves. */
export function pottedPlant(
  ctx: Ctx,
  x: number,
  y: number,
  s: number,
  pot = '#b8643e',
  leaves = '#3f7d4e',
): string {
  const { rng } = ctx
  let d = ''
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + rng.range(-1.1, 1.1)
    const len = s * rng.range(40, 70)
    const tx = x + Math.cos(a) * len
    const ty = y - s * 30 + Math.sin(a) * len
    const nx = -Math.sin(a) * len * 0.22
    const ny = Math.cos(a) * len * 0.22
    d += `M${fmt(x)},${fmt(y - s * 30)}Q${fmt((x + tx) / 2 + nx)},${fmt((y - s * 30 + ty) / 2 + ny)} ${fmt(tx)},${fmt(ty)}Q${fmt((x + tx) / 2 - nx)},${fmt((y - s * 30 + ty) / 2 - ny)} ${fmt(x)},${fmt(y - s * 30)}Z`
  }
  const potPath = `M${fmt(x - s * 24)},${fmt(y - s * 34)}H${fmt(x + s * 24)}L${fmt(x + s * 18)},${fmt(y)}H${fmt(x - s * 18)}Z`
  return (
    path(d, shade(ctx, leaves)) +
    path(potPath, shade(ctx, pot)) +
    rect(x - s * 26, y - s * 38, s * 52, s * 7, shade(ctx, darken(pot, 0.12)))
  )
}

/** A cascade of magenta bougainvillea with a few leaves, hanging from (x, y). */
export function bougainvillea(ctx: Ctx, x: number, y: number, spread: number, s = 1): string {
  const { rng } = ctx
  let leaves = ''
  let flowers = ''
  for (let i = 0; i < 40; i++) {
    const px = x + rng.range(-spread, spread)
    const py = y + rng.range(0, spread * 1.3) * (1 - Math.abs(px - x) / (spread * 1.4))
    if (rng.chance(0.35)) leaves += circlePath(px, py, rng.range(6, 11) * s)
    else flowers += circlePath(px, py, rng.range(5, 10) * s)
  }
  return (
    path(leaves, shade(ctx, '#3f7a3a')) +
    path(flowers, shade(ctx, rng.pick(['#d63c82', '#e0559a', '#c2307a'])))
  )
}

/** A wooden jetty running diagonally from the bank out into the water, sometimes with a kayak. */
export function dock(ctx: Ctx, x: number, y: number): string {
  const dir = x < W / 2 ? 1 : -1
  const wood = shade(ctx, '#9a6e4a')
  const far = { x: x + dir * 110, y: y - 60 }
  const at = (t: number) => ({ x: x + (far.x - x) * t, y: y + (far.y - y) * t, hw: 34 - 16 * t })
  let out = ''
  for (const t of [0.4, 0.75, 1]) {
    const p = at(t)
    out +=
      rect(p.x - p.hw, p.y, 5, 18, shade(ctx, '#3e2a1c')) +
      rect(p.x + p.hw - 5, p.y, 5, 18, shade(ctx, '#3e2a1c'))
  }
  const a = at(0)
  const b = at(1)
  out += path(
    polygon([
      { x: a.x - a.hw, y: a.y },
      { x: a.x + a.hw, y: a.y },
      { x: b.x + b.hw, y: b.y },
      { x: b.x - b.hw, y: b.y },
    ]),
    wood,
  )
  let planks = ''
  for (let i = 1; i < 14; i++) {
    const p = at(i / 14)
    planks += `M${fmt(p.x - p.hw)},${fmt(p.y)}H${fmt(p.x + p.hw)}`
  }
  out += `<path d="${planks}" stroke="${darken(wood, 0.35)}" stroke-width="1.5" opacity="0.6"/>`
  out += rect(a.x - a.hw, a.y, a.hw * 2, 5, darken(wood, 0.3))
  if (ctx.rng.chance(0.6)) {
    const kx = far.x + dir * 70
    const ky = far.y + 18
    const hull = shade(ctx, ctx.rng.pick(['#e0553a', '#f2b233', '#2f8fd0']))
    out += path(
      `M${fmt(kx - 70)},${fmt(ky)}Q${fmt(kx)},${fmt(ky + 16)} ${fmt(kx + 70)},${fmt(ky)}Q${fmt(kx)},${fmt(ky - 8)} ${fmt(kx - 70)},${fmt(ky)}Z`,
      hull,
    )
    out += `<path d="M${fmt(kx - 40)},${fmt(ky - 14)}L${fmt(kx + 44)},${fmt(ky + 6)}" stroke="${shade(ctx, '#3e2a1c')}" stroke-width="3"/>`
  }
  return out
}
