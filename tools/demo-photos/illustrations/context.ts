import { MissingValueError } from '@cabanas/domain/shared'
import { seededRandom, type TimeOfDay } from '../../../apps/api/src/db/seed-data/images.ts'
import { mix } from './color.ts'

export const W = 1200
export const H = 800

export type Pt = { x: number; y: number }

/**
 * `items[i]`, an index the drawing keeps inside its list, or a MissingValueError that names it: the
 * domain's numberAt for lists of any kind (points, colours), as the painter reads them in its loops.
 */
export function itemAt<T>(items: readonly T[], i: number): T {
  const item = items[i]
  if (item === undefined) throw new MissingValueError(`an item at ${i} of ${items.length}`)
  return item
}

export type Random = {
  next: () => number
  range: (min: number, max: number) => number
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (probability: number) => boolean
}

export function createRandom(seed: string): Random {
  const next = seededRandom(seed)
  const range = (min: number, max: number) => min + (max - min) * next()
  return {
    next,
    range,
    int: (min, max) => Math.floor(range(min, max + 1)),
    pick: (items) => itemAt(items, Math.floor(next() * items.length)),
    chance: (probability) => next() < probability,
  }
}

/** Colours of the light at one time of day. */
export type Light = {
  time: TimeOfDay
  skyTop: string
  skyMid: string
  skyHorizon: string
  haze: string
  sun: string
  glow: string
  cloud: string
  /** Objects are tinted towards this colour by `ambientAmount`. */
  ambient: string
  ambientAmount: number
  /** Windows glow and lamps are on. */
  isDark: boolean
  sunX: number
}

/** Everything a drawing function needs: randomness, light, and a place to put gradient definitions. */
export type Ctx = {
  rng: Random
  light: Light
  /** The daylight outside; differs from `light` indoors, where lamps warm the room. */
  outside: Light
  defs: string[]
  ids: { next: number }
}

export const fmt = (n: number) => String(Math.round(n * 10) / 10)
export const pt = (p: Pt) => `${fmt(p.x)},${fmt(p.y)}`

export function uid(ctx: Ctx, prefix = 'g'): string {
  ctx.ids.next += 1
  return `${prefix}${ctx.ids.next}`
}

/** Colour of an object at a depth (0 = foreground, 1 = horizon), lit by the time of day and fading into haze. */
export function shade(ctx: Ctx, color: string, depth = 0): string {
  const lit = mix(color, ctx.light.ambient, ctx.light.ambientAmount)
  return mix(lit, ctx.light.haze, Math.min(0.92, depth ** 1.15 * 0.92))
}

type Stop = readonly [offset: number, color: string, opacity?: number]

const stopsSvg = (stops: readonly Stop[]) =>
  stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${fmt(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${fmt(a)}"`}/>`,
    )
    .join('')

/** A linear gradient in bounding-box units, top to bottom unless told otherwise; returns `url(#id)`. */
export function linear(ctx: Ctx, stops: readonly Stop[], [x1, y1, x2, y2] = [0, 0, 0, 1]): string {
  const id = uid(ctx)
  ctx.defs.push(
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsSvg(stops)}</linearGradient>`,
  )
  return `url(#${id})`
}

/** A radial gradient in user space centred on (cx, cy); returns `url(#id)`. */
export function radial(ctx: Ctx, stops: readonly Stop[], cx: number, cy: number, r: number): string {
  const id = uid(ctx)
  ctx.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}">${stopsSvg(stops)}</radialGradient>`,
  )
  return `url(#${id})`
}

/** A soft blur filter; returns `url(#id)`. */
export function blur(ctx: Ctx, deviation: number): string {
  const id = uid(ctx, 'f')
  ctx.defs.push(
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
  )
  return `url(#${id})`
}

/** Catmull–Rom spline through the points, as an open path starting with M. */
export function smoothLine(points: readonly Pt[]): string {
  let d = `M${pt(itemAt(points, 0))}`
  for (let i = 0; i < points.length - 1; i++) {
    const p1 = itemAt(points, i)
    const p0 = points[i - 1] ?? p1
    const p2 = itemAt(points, i + 1)
    const p3 = points[i + 2] ?? p2
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 }
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 }
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`
  }
  return d
}

export const polygon = (points: readonly Pt[]) => `M${points.map(pt).join('L')}Z`

/** A circle as a clockwise subpath, so it merges with other clockwise shapes in one path. */
export const circlePath = (cx: number, cy: number, r: number) =>
  `M${fmt(cx - r)},${fmt(cy)}a${fmt(r)},${fmt(r)} 0 1,1 ${fmt(2 * r)},0a${fmt(r)},${fmt(r)} 0 1,1 ${fmt(-2 * r)},0Z`

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="${fill}"${extra}/>`

export const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`

/** The y of a polyline at x (points sorted by x). */
export function yAt(points: readonly Pt[], x: number): number {
  for (let i = 0; i < points.length - 1; i++) {
    const a = itemAt(points, i)
    const b = itemAt(points, i + 1)
    if (x >= a.x && x <= b.x) return a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x || 1)
  }
  const first = itemAt(points, 0)
  return x < first.x ? first.y : itemAt(points, points.length - 1).y
}
