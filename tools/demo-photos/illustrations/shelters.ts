import type { BuildingOptions } from './buildings.ts'
import { darken, lighten, mix } from './color.ts'
import { type Ctx, circlePath, fmt, itemAt, linear, path, polygon, rect, shade, W } from './context.ts'
import { glassFill, lightHalo, stringLights } from './parts.ts'

/** Round hut with a thatched palm roof; on stilts over water when `stilts` is set. */
export function palapa(ctx: Ctx, { x, ground, s }: BuildingOptions, stilts = false): string {
  const { rng } = ctx
  const lift = stilts ? 70 * s : 0
  const base = ground - lift
  const w = 200 * s
  const h = 82 * s
  const rh = 150 * s
  const roofW = w * 0.78
  const eaveY = base - h + 18 * s
  let out = ''
  if (stilts) {
    const post = shade(ctx, '#5e4330')
    for (let i = 0; i < 6; i++) out += rect(x - w * 0.55 + i * w * 0.22, base, 8 * s, lift + 26 * s, post)
    out += rect(x - w * 0.75, base - 4 * s, w * 1.5, 12 * s, shade(ctx, '#8a6244'))
    out += rect(x - w * 0.75, base + 8 * s, w * 1.5, 5 * s, shade(ctx, '#4e3626'))
    let rail = ''
    for (let i = 0; i <= 10; i++)
      rail += rect(x - w * 0.75 + i * w * 0.15, base - 30 * s, 3 * s, 26 * s, shade(ctx, '#6a4a30'))
    out += rail + rect(x - w * 0.75, base - 32 * s, w * 1.5, 4 * s, shade(ctx, '#6a4a30'))
  }
  const wallFill = linear(
    ctx,
    [
      [0, shade(ctx, '#e4c99a')],
      [0.7, shade(ctx, '#cfae7a')],
      [1, shade(ctx, '#9c7a4e')],
    ],
    [0, 0, 1, 0],
  )
  out += rect(x - w / 2, base - h, w, h, wallFill)
  let canes = ''
  for (let i = 1; i < 20; i++) canes += `M${fmt(x - w / 2 + (i * w) / 20)},${fmt(base - h)}v${fmt(h)}`
  out += `<path d="${canes}" stroke="${shade(ctx, '#8a6a44')}" stroke-width="${fmt(1.4 * s)}" opacity="0.5"/>`
  out += lightHalo(ctx, x, base - h * 0.4, 110 * s, 0.5)
  out += path(
    `M${fmt(x - 24 * s)},${fmt(base)}V${fmt(base - 60 * s)}a${fmt(24 * s)},${fmt(14 * s)} 0 0,1 ${fmt(48 * s)},0V${fmt(base)}Z`,
    ctx.light.isDark ? glassFill(ctx) : shade(ctx, '#4a3424'),
  )
  out += rect(x - w * 0.36, base - h * 0.72, 30 * s, 26 * s, glassFill(ctx))
  out += rect(x + w * 0.36 - 30 * s, base - h * 0.72, 30 * s, 26 * s, glassFill(ctx))
  const apex = { x, y: eaveY - rh }
  const roofFill = linear(ctx, [
    [0, shade(ctx, '#d8b46a')],
    [1, shade(ctx, '#a47c3e')],
  ])
  const roof = `M${fmt(apex.x)},${fmt(apex.y)}Q${fmt(x + roofW * 0.35)},${fmt(eaveY - rh * 0.35)} ${fmt(x + roofW)},${fmt(eaveY)}Q${fmt(x)},${fmt(eaveY + 34 * s)} ${fmt(x - roofW)},${fmt(eaveY)}Q${fmt(x - roofW * 0.35)},${fmt(eaveY - rh * 0.35)} ${fmt(apex.x)},${fmt(apex.y)}Z`
  out += path(roof, roofFill)
  const sunLeft = ctx.light.sunX < W / 2
  out += path(
    `M${fmt(apex.x)},${fmt(apex.y)}Q${fmt(x + (sunLeft ? 1 : -1) * roofW * 0.3)},${fmt(eaveY - rh * 0.3)} ${fmt(x + (sunLeft ? 1 : -1) * roofW)},${fmt(eaveY)}Q${fmt(x + (sunLeft ? 1 : -1) * roofW * 0.5)},${fmt(eaveY + 26 * s)} ${fmt(x + (sunLeft ? 1 : -1) * roofW * 0.1)},${fmt(eaveY + 30 * s)}Z`,
    shade(ctx, '#6e4f26'),
    ' opacity="0.35"',
  )
  let thatch = ''
  for (let i = 0; i < 16; i++) {
    const t = -1 + (i + 0.5) / 8
    const ex = x + t * roofW
    const ey = eaveY + (1 - t * t) * 30 * s
    thatch += `M${fmt(apex.x)},${fmt(apex.y + 6 * s)}Q${fmt(x + t * roofW * 0.45)},${fmt(eaveY - rh * 0.4)} ${fmt(ex)},${fmt(ey)}`
  }
  out += `<path d="${thatch}" fill="none" stroke="${shade(ctx, '#8a6530')}" stroke-width="${fmt(1.6 * s)}" opacity="0.55"/>`
  let fringe = `M${fmt(x - roofW)},${fmt(eaveY)}`
  for (let i = 0; i <= 40; i++) {
    const t = -1 + i / 20
    const ey = eaveY + (1 - t * t) * 30 * s
    fringe += `L${fmt(x + t * roofW)},${fmt(ey + (i % 2 === 0 ? 0 : rng.range(8, 14) * s))}`
  }
  out += `<path d="${fringe}" fill="none" stroke="${shade(ctx, '#b08a48')}" stroke-width="${fmt(3 * s)}" stroke-linejoin="round"/>`
  out += path(circlePath(apex.x, apex.y + 2 * s, 7 * s), shade(ctx, '#7a5a2e'))
  return out
}

/** Geodesic glamping dome on a wooden deck, with string lights after dark. */
export function dome(ctx: Ctx, { x, ground, s }: BuildingOptions): string {
  const r = 130 * s
  const cy = ground - 10 * s
  const canvas = linear(
    ctx,
    [
      [0, shade(ctx, '#fbf7ef')],
      [0.6, shade(ctx, '#e9e1d2')],
      [1, shade(ctx, '#c8bca8')],
    ],
    ctx.light.sunX < W / 2 ? [0, 0, 1, 0.4] : [1, 0, 0, 0.4],
  )
  let out = rect(x - r * 1.45, cy, r * 2.9, 14 * s, shade(ctx, '#8a6244'))
  out += rect(x - r * 1.45, cy + 14 * s, r * 2.9, 8 * s, shade(ctx, '#4e3626'))
  out += lightHalo(ctx, x, cy - r * 0.4, r * 1.6, 0.45)
  out += path(`M${fmt(x - r)},${fmt(cy)}A${fmt(r)},${fmt(r)} 0 0,1 ${fmt(x + r)},${fmt(cy)}Z`, canvas)
  const rows = [0, 0.33, 0.62, 0.86]
  let lines = ''
  for (let i = 1; i < rows.length; i++) {
    const a = itemAt(rows, i) * (Math.PI / 2)
    const y = cy - Math.sin(a) * r
    const hw = Math.cos(a) * r
    lines += `M${fmt(x - hw)},${fmt(y)}Q${fmt(x)},${fmt(y + r * 0.08)} ${fmt(x + hw)},${fmt(y)}`
  }
  for (let i = 0; i < rows.length - 1; i++) {
    const a0 = itemAt(rows, i) * (Math.PI / 2)
    const a1 = itemAt(rows, i + 1) * (Math.PI / 2)
    const n = 8 - i * 2
    for (let j = 0; j <= n; j++) {
      const t0 = -1 + (2 * j) / n
      const t1 = -1 + (2 * (j + 0.5)) / n
      const p0 = { x: x + t0 * Math.cos(a0) * r, y: cy - Math.sin(a0) * r }
      const p1 = { x: x + Math.max(-1, Math.min(1, t1)) * Math.cos(a1) * r, y: cy - Math.sin(a1) * r }
      lines += `M${fmt(p0.x)},${fmt(p0.y)}L${fmt(p1.x)},${fmt(p1.y)}`
      if (j < n) {
        const p2 = { x: x + (-1 + (2 * (j + 1)) / n) * Math.cos(a0) * r, y: p0.y }
        lines += `L${fmt(p2.x)},${fmt(p2.y)}`
      }
    }
  }
  out += `<path d="${lines}" fill="none" stroke="${shade(ctx, '#a99c86')}" stroke-width="${fmt(1.6 * s)}" opacity="0.7"/>`
  out += `<circle cx="${fmt(x + r * 0.32)}" cy="${fmt(cy - r * 0.55)}" r="${fmt(r * 0.2)}" fill="${shade(ctx, '#4a4038')}"/>`
  out += `<circle cx="${fmt(x + r * 0.32)}" cy="${fmt(cy - r * 0.55)}" r="${fmt(r * 0.16)}" fill="${glassFill(ctx)}"/>`
  out += path(
    `M${fmt(x - r * 0.42)},${fmt(cy)}V${fmt(cy - r * 0.42)}a${fmt(r * 0.16)},${fmt(r * 0.16)} 0 0,1 ${fmt(r * 0.32)},0V${fmt(cy)}Z`,
    glassFill(ctx),
  )
  out += stringLights(ctx, x - r * 1.4, cy - r * 0.5, x - r * 0.7, cy - r * 0.72, 18)
  out += stringLights(ctx, x + r * 0.8, cy - r * 0.62, x + r * 1.4, cy - r * 0.42, 16)
  out += rect(x - r * 1.42, cy - r * 0.52, 4 * s, r * 0.52, shade(ctx, '#5a3a24'))
  out += rect(x + r * 1.38, cy - r * 0.44, 4 * s, r * 0.44, shade(ctx, '#5a3a24'))
  return out
}

/** Canvas bell tent with the door rolled open. */
export function tent(ctx: Ctx, { x, ground, s }: BuildingOptions): string {
  const canvas = '#efe5d0'
  const top = ground - 190 * s
  const shoulder = ground - 78 * s
  const hw = 150 * s
  const lit = shade(ctx, canvas)
  const dim = shade(ctx, darken(canvas, 0.18))
  const sunLeft = ctx.light.sunX < W / 2
  let out = rect(x - hw * 1.25, ground, hw * 2.5, 14 * s, shade(ctx, '#8a6244'))
  out += rect(x - hw * 1.25, ground + 14 * s, hw * 2.5, 7 * s, shade(ctx, '#4e3626'))
  out += lightHalo(ctx, x, ground - 50 * s, 170 * s, 0.5)
  out += path(
    polygon([
      { x: x - hw, y: shoulder },
      { x: x + hw, y: shoulder },
      { x: x + hw * 1.04, y: ground },
      { x: x - hw * 1.04, y: ground },
    ]),
    linear(
      ctx,
      [
        [0, sunLeft ? lit : dim],
        [1, sunLeft ? dim : lit],
      ],
      [0, 0, 1, 0],
    ),
  )
  out += path(
    `M${fmt(x)},${fmt(top)}Q${fmt(x + hw * 0.25)},${fmt(shoulder - 50 * s)} ${fmt(x + hw * 1.02)},${fmt(shoulder + 2 * s)}L${fmt(x - hw * 1.02)},${fmt(shoulder + 2 * s)}Q${fmt(x - hw * 0.25)},${fmt(shoulder - 50 * s)} ${fmt(x)},${fmt(top)}Z`,
    linear(
      ctx,
      [
        [0, sunLeft ? lighten(lit, 0.1) : dim],
        [1, sunLeft ? dim : lighten(lit, 0.1)],
      ],
      [0, 0, 1, 0],
    ),
  )
  const doorTop = ground - 132 * s
  out += path(
    polygon([
      { x, y: doorTop },
      { x: x + 46 * s, y: ground },
      { x: x - 46 * s, y: ground },
    ]),
    ctx.light.isDark ? glassFill(ctx) : shade(ctx, '#5a4a3a'),
  )
  out += path(
    polygon([
      { x, y: doorTop },
      { x: x - 20 * s, y: ground },
      { x: x - 58 * s, y: ground },
    ]),
    shade(ctx, mix(canvas, '#c9b894', 0.6)),
  )
  out += `<path d="M${fmt(x - hw)},${fmt(shoulder)}L${fmt(x - hw * 1.5)},${fmt(ground + 8 * s)}M${fmt(x + hw)},${fmt(shoulder)}L${fmt(x + hw * 1.5)},${fmt(ground + 8 * s)}M${fmt(x)},${fmt(top)}V${fmt(top - 14 * s)}" stroke="${shade(ctx, '#6a5a48')}" stroke-width="${fmt(2 * s)}"/>`
  return out
}
