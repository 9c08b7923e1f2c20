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
  type Random,
  rect,
  shade,
  W,
} from './context.ts'
import { layer, rollingRidge } from './nature.ts'
import { bougainvillea, glassFill, lightHalo, pottedPlant, stringLights } from './parts.ts'
import type { Focus } from './scene.ts'
import { drawSky } from './sky.ts'

const WALLS = [
  '#e9b44c',
  '#d96c4a',
  '#3f7cac',
  '#e58fa3',
  '#f2e3c6',
  '#6aa68f',
  '#f4f0e8',
  '#c9553d',
  '#f0c987',
]
const BANDS = ['#a8322b', '#7a3b2e', '#2f5d7c', '#5a6b3a']

function cobbles(ctx: Ctx, top: number): string {
  const { rng } = ctx
  let d = ''
  for (let y = top + 6; y < H + 10; y += 9 + (y - top) * 0.06) {
    const s = 4 + (y - top) * 0.1
    for (let x = rng.range(-s, 0); x < W + s; x += s * 2.3)
      d += circlePath(x + rng.range(-2, 2), y, s * rng.range(0.75, 0.95))
  }
  return rect(0, top, W, H - top, shade(ctx, '#6f675e')) + path(d, shade(ctx, '#9d9286'), ' opacity="0.9"')
}

/**
 * A frontal colonial facade: tile eave, arched wooden door, barred windows, flowers and a lantern.
 * `house` picks the colours and layout, so every picture of one cabin shows the same house.
 */
export function colonialFacade(ctx: Ctx, house: Random): string {
  const { rng } = ctx
  const horizon = 300
  let out = drawSky(ctx, horizon)
  out += layer(ctx, rollingRidge(rng, 300, 90, 0.8), '#5f7f70', 0.7)
  const wall = house.pick(WALLS)
  const band = house.pick(BANDS)
  const sidewalk = 662
  const roofY = house.range(170, 220)
  const neighbour = (x0: number, x1: number, top: number, color: string) =>
    rect(x0, top, x1 - x0, sidewalk - top, shade(ctx, color)) +
    rect(x0, top - 14, x1 - x0, 16, shade(ctx, '#a94a34'))
  out += neighbour(-10, 170, roofY + house.range(-40, 30), house.pick(WALLS))
  out += neighbour(1030, W + 10, roofY + house.range(-40, 30), house.pick(WALLS))
  out += rect(
    170,
    roofY,
    860,
    sidewalk - roofY,
    linear(ctx, [
      [0, shade(ctx, lighten(wall, 0.05))],
      [1, shade(ctx, darken(wall, 0.08))],
    ]),
  )
  out += rect(
    170,
    sidewalk - 70,
    860,
    70,
    shade(ctx, wall === '#f4f0e8' || wall === '#f2e3c6' ? band : darken(wall, 0.25)),
  )
  out += rect(170, roofY, 860, 26, shade(ctx, darken(wall, 0.3)), ' opacity="0.35"')
  let beams = ''
  for (let x = 190; x < 1020; x += 62) beams += rect(x, roofY - 4, 16, 18, shade(ctx, '#5a3a24'))
  out += beams
  let tiles = ''
  for (let x = 150; x < 1060; x += 26)
    tiles += `M${fmt(x)},${fmt(roofY - 4)}a13,13 0 0,1 26,0v-22a13,13 0 0,0 -26,0Z`
  out += rect(150, roofY - 30, 910, 28, shade(ctx, '#8e3b2a')) + path(tiles, shade(ctx, '#b4533a'))
  const doorX = house.chance(0.5) ? 300 : 760
  const door = (x: number) => `M${fmt(x)},${sidewalk}V420a70,70 0 0,1 140,0V${sidewalk}Z`
  out += path(`M${fmt(doorX - 20)},${sidewalk}V420a90,90 0 0,1 180,0V${sidewalk}Z`, shade(ctx, '#d8cbb4'))
  out += lightHalo(ctx, doorX + 70, 500, 220, 0.35)
  out += path(
    door(doorX),
    linear(ctx, [
      [0, shade(ctx, '#7a4a2a')],
      [1, shade(ctx, '#5a341d')],
    ]),
  )
  let studs = `<path d="M${fmt(doorX + 70)},${sidewalk}V352" stroke="${shade(ctx, '#3e2414')}" stroke-width="4"/>`
  for (let y = 440; y < sidewalk - 20; y += 46)
    studs +=
      rect(doorX + 14, y, 44, 30, shade(ctx, '#6b3f22')) + rect(doorX + 82, y, 44, 30, shade(ctx, '#6b3f22'))
  out += studs
  const lanternX = doorX + (doorX < 600 ? 200 : -60)
  out += lightHalo(ctx, lanternX, 390, 140, 0.6)
  out +=
    rect(lanternX - 3, 350, 6, 22, shade(ctx, '#222')) +
    rect(lanternX - 14, 372, 28, 36, shade(ctx, '#2a2a2a'))
  out += rect(lanternX - 9, 377, 18, 26, ctx.light.isDark ? '#ffd98a' : shade(ctx, '#e8e0c0'))
  const winXs = doorX < 600 ? [560, 800] : [260, 500]
  for (const wx of winXs) {
    out += rect(wx - 16, 320, 152, 230, shade(ctx, '#d8cbb4'))
    out += rect(wx, 336, 120, 196, glassFill(ctx))
    const shutter = shade(ctx, house.pick(['#2f6b5a', '#3a5f8a', '#7a3b2e']))
    out += rect(wx - 44, 336, 36, 196, shutter) + rect(wx + 128, 336, 36, 196, shutter)
    let bars = ''
    for (let i = 1; i < 8; i++) bars += `M${fmt(wx + i * 15)},336V532`
    bars += `M${fmt(wx)},400H${fmt(wx + 120)}M${fmt(wx)},470H${fmt(wx + 120)}`
    out += `<path d="${bars}" stroke="${shade(ctx, '#1f1f1f')}" stroke-width="3"/>`
    out += rect(wx - 24, 548, 168, 12, shade(ctx, '#c9bca4'))
    for (let i = 0; i < 3; i++)
      out +=
        pottedPlant(ctx, wx + 20 + i * 40, 548, 0.42, '#b8643e', '#3f7d4e') +
        path(
          circlePath(wx + 20 + i * 40, 520, 6) + circlePath(wx + 12 + i * 40, 528, 5),
          shade(ctx, '#e0383e'),
        )
  }
  out += bougainvillea(ctx, doorX < 600 ? 1000 : 200, roofY - 10, 90)
  out += rect(0, sidewalk, W, 36, shade(ctx, '#b9b2a6')) + rect(0, sidewalk + 36, W, 6, shade(ctx, '#8a847a'))
  out += cobbles(ctx, sidewalk + 42)
  out += pottedPlant(ctx, doorX - 60, sidewalk + 10, 1.1, '#c77a4a', '#4d8a4a')
  return out
}

/** A cobbled street in perspective, facades on both sides, a church at the end and papel picado overhead. */
/** The street has no building in focus: a town's own facade is drawn by `colonialFacade`. */
export function colonialStreet(ctx: Ctx, _focus: Focus): string {
  const { rng } = ctx
  const vp = { x: 600 + rng.range(-60, 60), y: 480 }
  let out = drawSky(ctx, vp.y)
  out += layer(ctx, rollingRidge(rng, 470, 110, 0.8), '#607f72', 0.75)
  const churchColor = rng.pick(['#e8b04a', '#e58fa3', '#d9c3a0', '#f0e6d6'])
  const cx = vp.x
  const cl = shade(ctx, churchColor, 0.25)
  out += path(`M${fmt(cx - 70)},${vp.y - 90}a70,70 0 0,1 140,0Z`, shade(ctx, '#c97a4a', 0.3))
  out += rect(cx - 4, vp.y - 190, 8, 30, shade(ctx, '#c97a4a', 0.3))
  for (const tx of [cx - 130, cx + 80]) {
    out += rect(tx, vp.y - 210, 50, 210, cl)
    out += path(`M${fmt(tx)},${vp.y - 210}l25,-40l25,40Z`, shade(ctx, darken(churchColor, 0.2), 0.25))
    out += path(`M${fmt(tx + 13)},${vp.y - 150}v-26a12,12 0 0,1 24,0v26Z`, shade(ctx, '#3a2a2a', 0.25))
  }
  out += rect(cx - 80, vp.y - 120, 160, 120, cl)
  out += path(`M${fmt(cx - 30)},${vp.y}v-60a30,30 0 0,1 60,0v60Z`, shade(ctx, '#5a3a24', 0.2))
  out += path(circlePath(cx, vp.y - 95, 12), shade(ctx, '#fff3d0', 0.2))
  const streetTop = vp.y
  out += path(
    polygon([
      { x: vp.x - 40, y: streetTop },
      { x: vp.x + 40, y: streetTop },
      { x: W + 200, y: H },
      { x: -200, y: H },
    ]),
    shade(ctx, '#8a8076'),
  )
  let cob = ''
  for (let y = streetTop + 4; y < H; y += 4 + (y - streetTop) * 0.05) {
    const t = (y - streetTop) / (H - streetTop)
    const half = 40 + t * 840
    const s = 1 + t * 9
    for (let x = vp.x - half; x < vp.x + half; x += s * 2.4)
      cob += circlePath(x + rng.range(-1, 1) * s, y, s * 0.8)
  }
  out += path(cob, shade(ctx, '#a89c8e'))
  const side = (left: boolean) => {
    const edge = left ? 0 : W
    const end = left ? vp.x - 60 : vp.x + 60
    /** 0 at the picture edge, 1 where the street meets the church. */
    const depthAt = (x: number) => Math.min(1, Math.abs(x - edge) / Math.abs(end - edge))
    const top = (x: number) => 110 + depthAt(x) * (vp.y - 70 - 110)
    const bottom = (x: number) => 760 - depthAt(x) * (760 - vp.y - 6)
    const cuts = [0, 0.36, 0.6, 0.76, 0.87, 0.94, 1].map((t) => edge + (end - edge) * t)
    const houses: string[] = []
    for (let i = 0; i < cuts.length - 1; i++) {
      const xa = itemAt(cuts, i)
      const xb = itemAt(cuts, i + 1)
      const lift = rng.range(-40, 20) * (1 - i / cuts.length)
      const color = rng.pick(WALLS)
      const face: [Pt, Pt, Pt, Pt] = [
        { x: xa, y: top(xa) + lift },
        { x: xb, y: top(xb) + lift * 0.8 },
        { x: xb, y: bottom(xb) },
        { x: xa, y: bottom(xa) },
      ]
      let h = path(polygon(face), shade(ctx, color, 0.15 + i * 0.06))
      h += path(
        polygon([face[0], face[1], { x: xb, y: face[1].y + 10 - i }, { x: xa, y: face[0].y + 14 }]),
        shade(ctx, '#a94a34', 0.15 + i * 0.06),
      )
      const at = (x: number, v: number) => ({ x, y: top(x) + v * (bottom(x) - top(x)) })
      const w = xb - xa
      const units = w > 60 ? 2 : 1
      for (let u = 0; u < units; u++) {
        const x0 = xa + w * (0.18 + u * 0.45)
        const x1 = x0 + w * (units === 1 ? 0.5 : 0.28)
        const isDoor = u === units - 1 && rng.chance(0.5)
        const v0 = isDoor ? 0.55 : 0.3
        const v1 = isDoor ? 1 : 0.62
        const quad = [at(x0, v0), at(x1, v0), at(x1, v1), at(x0, v1)]
        h += path(polygon(quad), isDoor ? shade(ctx, '#6b3f22', 0.15 + i * 0.06) : glassFill(ctx))
      }
      houses.push(h)
    }
    return houses.join('')
  }
  out += side(true) + side(false)
  const colors = ['#e8407a', '#f2b233', '#3bb273', '#3a8fd9', '#f26b3a', '#9b5de5']
  for (let r = 0; r < 3; r++) {
    const y = 190 + r * 70
    const x1 = 0 + r * 120
    const x2 = W - r * 120
    const sag = 40 - r * 8
    const n = 16 - r * 3
    let flags = ''
    for (let i = 1; i < n; i++) {
      const t = i / n
      const fx = x1 + (x2 - x1) * t
      const fy = y + 4 * sag * t * (1 - t)
      const fw = 26 - r * 5
      const fh = 32 - r * 6
      flags += path(
        `M${fmt(fx - fw / 2)},${fmt(fy)}h${fmt(fw)}v${fmt(fh)}l${fmt(-fw / 4)},-5l${fmt(-fw / 4)},5l${fmt(-fw / 4)},-5l${fmt(-fw / 4)},5Z`,
        shade(ctx, itemAt(colors, (i + r) % colors.length)),
        ' opacity="0.92"',
      )
    }
    out +=
      `<path d="M${x1},${y}Q${(x1 + x2) / 2},${y + 2 * sag} ${x2},${y}" fill="none" stroke="#333" stroke-width="1.2" opacity="0.5"/>` +
      flags
  }
  if (ctx.light.isDark) out += stringLights(ctx, 40, 420, W - 40, 430, 60)
  out += lightHalo(ctx, 200, 430, 160, 0.4) + lightHalo(ctx, W - 200, 430, 160, 0.4)
  return out
}
