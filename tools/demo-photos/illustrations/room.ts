import type { ImageTheme } from '../../../apps/api/src/db/seed-data/catalogue.ts'
import { darken, lighten, mix } from './color.ts'
import {
  type Ctx,
  circlePath,
  createRandom,
  fmt,
  H,
  itemAt,
  type Light,
  linear,
  type Pt,
  path,
  polygon,
  radial,
  rect,
  W,
} from './context.ts'
import { drawLandscape } from './landscapes.ts'

/** The back wall of a room seen in one-point perspective; everything else converges to VP. */
export const BACK = { x0: 170, x1: 1030, y0: 90, y1: 560 }
export const VP = { x: 600, y: 330 }

export type Materials = {
  wall: string
  wallLines: boolean
  floor: string
  tiles: boolean
  ceiling: string
  beams: boolean
  accent: string
}

const COLD: Materials[] = [
  {
    wall: '#c8935e',
    wallLines: true,
    floor: '#7a5236',
    tiles: false,
    ceiling: '#a8754a',
    beams: true,
    accent: '#b8402f',
  },
  {
    wall: '#d7ab7a',
    wallLines: true,
    floor: '#6a4630',
    tiles: false,
    ceiling: '#b98454',
    beams: true,
    accent: '#2f6b5a',
  },
  {
    wall: '#efe4d2',
    wallLines: false,
    floor: '#8a5d3b',
    tiles: false,
    ceiling: '#b07d50',
    beams: true,
    accent: '#c0542f',
  },
]
const WARM: Materials[] = [
  {
    wall: '#f3ede3',
    wallLines: false,
    floor: '#d8c6a8',
    tiles: true,
    ceiling: '#c9a46a',
    beams: true,
    accent: '#1f9aa8',
  },
  {
    wall: '#efe6d6',
    wallLines: false,
    floor: '#c9b08a',
    tiles: false,
    ceiling: '#d2b07a',
    beams: true,
    accent: '#e0774a',
  },
]
const TOWN: Materials[] = [
  {
    wall: '#f0d7b0',
    wallLines: false,
    floor: '#b8643e',
    tiles: true,
    ceiling: '#8a5a3a',
    beams: true,
    accent: '#2f5d7c',
  },
  {
    wall: '#e9c7b8',
    wallLines: false,
    floor: '#a85a3a',
    tiles: true,
    ceiling: '#7a4e32',
    beams: true,
    accent: '#3a7a5a',
  },
  {
    wall: '#f4ead8',
    wallLines: false,
    floor: '#b5683f',
    tiles: true,
    ceiling: '#6e4a30',
    beams: true,
    accent: '#c2307a',
  },
]

export function materialsFor(ctx: Ctx, theme: ImageTheme): Materials {
  if (theme === 'beach' || theme === 'lagoon' || theme === 'jungle') return ctx.rng.pick(WARM)
  if (theme === 'colonial-town' || theme === 'desert-hills') return ctx.rng.pick(TOWN)
  return ctx.rng.pick(COLD)
}

/** Indoor light: lamps keep a room warm even when it is dark outside. */
export function indoorLight(light: Light): Light {
  if (light.time === 'night') return { ...light, ambient: '#2a1e28', ambientAmount: 0.32 }
  if (light.time === 'dusk') return { ...light, ambient: '#5a3a48', ambientAmount: 0.2 }
  if (light.time === 'golden') return { ...light, ambient: '#ffa050', ambientAmount: 0.1 }
  return { ...light, ambient: '#fff4e6', ambientAmount: 0.04 }
}

/** Colour under indoor light. */
export const lit = (ctx: Ctx, color: string) => mix(color, ctx.light.ambient, ctx.light.ambientAmount)

/** Point on the floor: x across the back wall edge, t from the back wall (0) to the viewer (1). */
export function floorPt(x: number, t: number): Pt {
  const y = BACK.y1 + (H - BACK.y1) * t
  const k = (y - VP.y) / (BACK.y1 - VP.y)
  return { x: VP.x + (x - VP.x) * k, y }
}

/** Ceiling, walls and floor, with planks, tiles and beams in perspective. */
export function roomShell(ctx: Ctx, m: Materials): string {
  const { x0, x1, y0, y1 } = BACK
  const wall = lit(ctx, m.wall)
  let out = rect(
    x0,
    y0,
    x1 - x0,
    y1 - y0,
    linear(ctx, [
      [0, lighten(wall, 0.04)],
      [1, darken(wall, 0.06)],
    ]),
  )
  if (m.wallLines) {
    let d = ''
    for (let y = y0 + 26; y < y1; y += 26) d += `M${x0},${y}H${x1}`
    out += `<path d="${d}" stroke="${darken(wall, 0.3)}" stroke-width="2" opacity="0.35"/>`
  }
  out += path(
    polygon([
      { x: 0, y: 0 },
      { x: x0, y: y0 },
      { x: x0, y: y1 },
      { x: 0, y: H },
    ]),
    darken(wall, 0.12),
  )
  out += path(
    polygon([
      { x: W, y: 0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: W, y: H },
    ]),
    darken(wall, 0.18),
  )
  out += path(
    polygon([
      { x: 0, y: 0 },
      { x: W, y: 0 },
      { x: x1, y: y0 },
      { x: x0, y: y0 },
    ]),
    lit(ctx, m.ceiling),
  )
  if (m.beams) {
    let beams = ''
    for (let i = 0; i < 5; i++) {
      const t = i / 4
      const bx = x0 + (x1 - x0) * t
      const topX = (bx - VP.x) * ((0 - VP.y) / (y0 - VP.y)) + VP.x
      beams += polygon([
        { x: bx - 8, y: y0 },
        { x: bx + 8, y: y0 },
        { x: topX + 26, y: 0 },
        { x: topX - 26, y: 0 },
      ])
    }
    out += path(beams, darken(lit(ctx, m.ceiling), 0.3))
  }
  const floor = lit(ctx, m.floor)
  out += path(
    polygon([
      { x: x0, y: y1 },
      { x: x1, y: y1 },
      { x: W, y: H },
      { x: 0, y: H },
    ]),
    linear(ctx, [
      [0, darken(floor, 0.1)],
      [1, floor],
    ]),
  )
  let lines = ''
  const n = m.tiles ? 12 : 18
  for (let i = 0; i <= n; i++) {
    const bx = x0 + ((x1 - x0) * i) / n
    const f = floorPt(bx, 1)
    lines += `M${fmt(bx)},${y1}L${fmt(f.x)},${H}`
  }
  if (m.tiles)
    for (let t = 0.08; t < 1; t = t * 1.5 + 0.06) {
      const a = floorPt(x0, t)
      const b = floorPt(x1, t)
      lines += `M${fmt(a.x)},${fmt(a.y)}H${fmt(b.x)}`
    }
  out += `<path d="${lines}" stroke="${darken(floor, 0.35)}" stroke-width="${m.tiles ? 2 : 1.5}" opacity="0.4"/>`
  out += rect(x0, y1 - 10, x1 - x0, 10, darken(wall, 0.25))
  return out
}

/** A window in the back wall that looks out onto the cabin's landscape. */
export function viewWindow(
  ctx: Ctx,
  theme: ImageTheme,
  x: number,
  y: number,
  w: number,
  h: number,
  seed: string,
  frame = '#5a3a24',
): string {
  const inner: Ctx = {
    rng: createRandom(seed),
    light: ctx.outside,
    defs: ctx.defs,
    ids: ctx.ids,
    outside: ctx.outside,
  }
  const scene = drawLandscape(inner, theme, { building: null, s: 1, backdrop: true })
  const t = 12
  const f = lit(ctx, frame)
  let out = rect(x - t, y - t, w + 2 * t, h + 2 * t, f)
  out += `<svg x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${scene}</svg>`
  out += rect(x, y, w, h, '#ffffff', ' opacity="0.06"')
  const cols = w > 420 ? 3 : 2
  for (let i = 1; i < cols; i++) out += rect(x + (w * i) / cols - 4, y, 8, h, f)
  out += rect(x - t * 1.8, y + h + t * 0.5, w + t * 3.6, 14, darken(f, 0.1))
  return out
}

/** Curtains hanging at both sides of a window. */
export function curtains(ctx: Ctx, x: number, y: number, w: number, h: number, color: string): string {
  const c = lit(ctx, color)
  const drape = (cx: number, dir: number) =>
    path(
      `M${fmt(cx)},${fmt(y - 24)}h${fmt(dir * 70)}q${fmt(-dir * 30)},${fmt(h * 0.5)} ${fmt(-dir * 10)},${fmt(h + 40)}h${fmt(-dir * 60)}Z`,
      linear(
        ctx,
        [
          [0, c],
          [0.5, darken(c, 0.12)],
          [1, c],
        ],
        [0, 0, 1, 0],
      ),
    )
  return rect(x - 90, y - 30, w + 180, 8, darken(c, 0.4)) + drape(x - 80, 1) + drape(x + w + 80, -1)
}

/** A lamp glow: a warm radial light when it is dark outside, a faint one by day. */
export function glow(ctx: Ctx, cx: number, cy: number, r: number, strength = 0.55): string {
  const s = ctx.light.isDark ? strength : strength * 0.25
  return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${radial(
    ctx,
    [
      [0, '#ffc46b', s],
      [0.5, '#ffa94d', s * 0.35],
      [1, '#ff9a3a', 0],
    ],
    cx,
    cy,
    r,
  )}"/>`
}

/** A table or floor lamp shade with its glow. */
export function lampShade(ctx: Ctx, x: number, y: number, w: number, color = '#f2e6cc'): string {
  const on = ctx.light.isDark
  return (
    glow(ctx, x, y + w * 0.3, w * 3.2, 0.6) +
    path(
      polygon([
        { x: x - w * 0.35, y },
        { x: x + w * 0.35, y },
        { x: x + w * 0.5, y: y + w * 0.6 },
        { x: x - w * 0.5, y: y + w * 0.6 },
      ]),
      on ? '#ffe2a6' : lit(ctx, color),
    )
  )
}

/** A framed picture with a tiny abstract landscape (no text). */
export function wallArt(ctx: Ctx, x: number, y: number, w: number, h: number): string {
  const { rng } = ctx
  const hue = rng.pick(['#e0774a', '#3f7cac', '#6aa68f', '#e9b44c'])
  return (
    rect(x - 6, y - 6, w + 12, h + 12, lit(ctx, '#3e2a1c')) +
    rect(x, y, w, h, lit(ctx, '#f6efe2')) +
    path(
      `M${fmt(x)},${fmt(y + h)}L${fmt(x + w * 0.35)},${fmt(y + h * 0.45)}L${fmt(x + w * 0.6)},${fmt(y + h * 0.75)}L${fmt(x + w * 0.8)},${fmt(y + h * 0.55)}L${fmt(x + w)},${fmt(y + h)}Z`,
      lit(ctx, hue),
    ) +
    path(circlePath(x + w * 0.72, y + h * 0.28, w * 0.1), lit(ctx, '#f2b233'))
  )
}

/** A textile throw or rug with Mexican sarape stripes, as a gradient with hard stops. */
export function sarape(ctx: Ctx, horizontal = true): string {
  const colors = ['#c2307a', '#f2b233', '#1f9aa8', '#e0774a', '#3a7a5a', '#f4ead2', '#7a2f6a']
  const stops: [number, string][] = []
  const n = 14
  for (let i = 0; i < n; i++) {
    const c = lit(ctx, itemAt(colors, i % colors.length))
    stops.push([i / n, c], [(i + 1) / n - 0.001, c])
  }
  return linear(ctx, stops, horizontal ? [0, 0, 1, 0] : [0, 0, 0, 1])
}
