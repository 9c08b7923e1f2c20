import type { ImageTheme } from '../../../apps/api/src/db/seed-data/catalogue.ts'
import { darken, lighten } from './color.ts'
import { type Ctx, circlePath, fmt, H, itemAt, linear, path, polygon, radial, rect } from './context.ts'
import { pottedPlant } from './parts.ts'
import {
  BACK,
  curtains,
  floorPt,
  glow,
  lampShade,
  lit,
  type Materials,
  materialsFor,
  roomShell,
  sarape,
  viewWindow,
  wallArt,
} from './room.ts'

const SOFA = ['#3f5f7a', '#7a4a3a', '#5d7a5a', '#c9b89a', '#8a6a9a', '#b8643e']

/** A woven rug on the floor: a coloured border, a lighter field and a few thin stripes. */
function rug(x0: number, x1: number, t0: number, t1: number, border: string): string {
  const quad = (a: number, b: number, u0: number, u1: number) => [
    floorPt(a, u0),
    floorPt(b, u0),
    floorPt(b, u1),
    floorPt(a, u1),
  ]
  const inset = (x1 - x0) * 0.04
  const dt = (t1 - t0) * 0.09
  const field = lighten(border, 0.55)
  let stripes = ''
  for (const u of [0.3, 0.36, 0.64, 0.7])
    stripes += polygon(quad(x0 + inset, x1 - inset, t0 + (t1 - t0) * u, t0 + (t1 - t0) * (u + 0.025)))
  return (
    path(polygon(quad(x0, x1, t0, t1)), border) +
    path(polygon(quad(x0 + inset, x1 - inset, t0 + dt, t1 - dt)), field) +
    path(stripes, border, ' opacity="0.7"')
  )
}

function sofa(ctx: Ctx, cx: number, base: number, w: number, color: string): string {
  const c = lit(ctx, color)
  const h = w * 0.36
  let out = `<ellipse cx="${fmt(cx)}" cy="${fmt(base + 4)}" rx="${fmt(w * 0.55)}" ry="14" fill="#000" opacity="0.18"/>`
  out += rect(cx - w / 2 + 30, base - h, w - 60, h * 0.62, darken(c, 0.08), ' rx="16"')
  out += rect(cx - w / 2 + 20, base - h * 0.42, w - 40, h * 0.34, c, ' rx="10"')
  out += rect(cx - w / 2, base - h * 0.7, 46, h * 0.62, darken(c, 0.12), ' rx="18"')
  out += rect(cx + w / 2 - 46, base - h * 0.7, 46, h * 0.62, darken(c, 0.12), ' rx="18"')
  out += rect(cx - w / 2 + 20, base - h * 0.1, w - 40, h * 0.1, darken(c, 0.3))
  const pillows = [lit(ctx, '#f2b233'), lit(ctx, '#f4ead2'), lit(ctx, '#c2307a')]
  const offset = ctx.rng.int(0, 2)
  for (let i = 0; i < 3; i++) {
    const px = cx - w * 0.3 + i * w * 0.3
    out += rect(
      px - 34,
      base - h * 0.92,
      68,
      58,
      itemAt(pillows, (i + offset) % 3),
      ' rx="14" transform="rotate(' +
        fmt(ctx.rng.range(-8, 8)) +
        ' ' +
        fmt(px) +
        ' ' +
        fmt(base - h * 0.6) +
        ')"',
    )
  }
  out += path(
    `M${fmt(cx + w * 0.12)},${fmt(base - h * 0.7)}h${fmt(w * 0.2)}l10,${fmt(h * 0.72)}h${fmt(-w * 0.22)}Z`,
    sarape(ctx, false),
    ' opacity="0.95"',
  )
  return out
}

function fireplace(ctx: Ctx, x: number, w: number): string {
  const { y0, y1 } = BACK
  const stone = lit(ctx, '#9a948a')
  let out = rect(
    x,
    y0,
    w,
    y1 - y0,
    linear(ctx, [
      [0, darken(stone, 0.1)],
      [1, stone],
    ]),
  )
  let stones = ''
  for (let y = y0 + 8; y < y1 - 10; y += 30)
    for (let sx = x + ((y / 30) % 2) * 20 + 6; sx < x + w - 30; sx += 52)
      stones += `M${fmt(sx)},${fmt(y)}h40v22h-40Z`
  out += path(stones, lighten(stone, 0.12), ' opacity="0.5"')
  const fx = x + w * 0.18
  const fw = w * 0.64
  const fy = y1 - 150
  out += rect(x - 16, fy - 26, w + 32, 22, lit(ctx, '#6b4429'))
  out += path(`M${fmt(fx)},${y1}V${fmt(fy + 40)}a${fmt(fw / 2)},40 0 0,1 ${fmt(fw)},0V${y1}Z`, '#1e1512')
  const cx = fx + fw / 2
  out += `<circle cx="${fmt(cx)}" cy="${fmt(y1 - 30)}" r="${fmt(fw)}" fill="${radial(
    ctx,
    [
      [0, '#ffb347', 0.55],
      [1, '#ff7a2a', 0],
    ],
    cx,
    y1 - 30,
    fw,
  )}"/>`
  const flame = (dx: number, hgt: number, color: string) =>
    path(
      `M${fmt(cx + dx - 26)},${y1 - 14}Q${fmt(cx + dx - 30)},${fmt(y1 - 14 - hgt * 0.6)} ${fmt(cx + dx)},${fmt(y1 - 14 - hgt)}Q${fmt(cx + dx + 30)},${fmt(y1 - 14 - hgt * 0.5)} ${fmt(cx + dx + 26)},${y1 - 14}Z`,
      color,
    )
  out +=
    flame(-22, 70, '#ff7a2a') + flame(20, 84, '#ff8c2a') + flame(0, 96, '#ffb347') + flame(-4, 56, '#ffe08a')
  out += rect(cx - 50, y1 - 18, 100, 12, '#4a2e1e', ' rx="6"')
  out += rect(x - 20, y1 - 8, w + 40, 16, darken(stone, 0.2))
  let logs = ''
  for (let i = 0; i < 6; i++)
    logs += circlePath(x + w + 40 + (i % 3) * 26, y1 + 10 - Math.floor(i / 3) * 24 - 14, 12)
  out += path(logs, lit(ctx, '#8a5a3a')) + glow(ctx, cx, y1 + 40, 380, 0.45)
  return out
}

function coffeeTable(ctx: Ctx, cx: number, y: number): string {
  const wood = lit(ctx, '#6b4429')
  return (
    `<ellipse cx="${fmt(cx)}" cy="${fmt(y + 62)}" rx="190" ry="16" fill="#000" opacity="0.15"/>` +
    path(
      polygon([
        { x: cx - 170, y },
        { x: cx + 170, y },
        { x: cx + 200, y: y + 26 },
        { x: cx - 200, y: y + 26 },
      ]),
      lighten(wood, 0.12),
    ) +
    rect(cx - 200, y + 26, 400, 12, darken(wood, 0.2)) +
    rect(cx - 180, y + 38, 14, 26, darken(wood, 0.3)) +
    rect(cx + 166, y + 38, 14, 26, darken(wood, 0.3)) +
    rect(cx - 90, y + 2, 80, 14, lit(ctx, '#3f7cac'), ' rx="3"') +
    rect(cx + 40, y - 14, 28, 26, lit(ctx, '#f4ead2'), ' rx="5"') +
    path(circlePath(cx + 100, y + 6, 18), lit(ctx, '#c98a3a'))
  )
}

export function livingRoom(ctx: Ctx, theme: ImageTheme, withFireplace: boolean, seed: string): string {
  const m = materialsFor(ctx, theme)
  let out = roomShell(ctx, m)
  const { rng } = ctx
  if (withFireplace) {
    const left = rng.chance(0.5)
    out += fireplace(ctx, left ? 230 : 740, 230)
    const wx = left ? 540 : 260
    out += viewWindow(ctx, theme, wx, 150, 400, 300, seed)
    out += curtains(ctx, wx, 150, 400, 300, m.accent)
    out += rug(260, 940, 0.15, 0.72, lit(ctx, m.accent))
    out += sofa(ctx, left ? 720 : 470, 700, 520, rng.pick(SOFA))
  } else {
    out += viewWindow(ctx, theme, 280, 130, 640, 340, seed)
    out += rug(240, 960, 0.1, 0.75, lit(ctx, m.accent))
    out += sofa(ctx, 600, 690, 560, rng.pick(SOFA))
    out += pottedPlant(ctx, 1080, 740, 2.2, '#c77a4a', '#3f7d4e')
  }
  out += coffeeTable(ctx, 600, 716)
  const lampX = withFireplace ? 110 : 130
  out +=
    rect(lampX - 3, 300, 6, 400, lit(ctx, '#2b2b2b')) +
    `<ellipse cx="${lampX}" cy="702" rx="40" ry="10" fill="${lit(ctx, '#2b2b2b')}"/>`
  out += lampShade(ctx, lampX, 240, 120)
  if (!withFireplace) out += wallArt(ctx, 60, 200, 60, 90)
  out += pottedPlant(ctx, withFireplace ? 1100 : 150, 790, 1.6, '#b8643e', '#4d8a4a')
  return out
}

/** A double bed seen from its foot, centred on x = cx. */
function bed(ctx: Ctx, cx: number, accent: string): string {
  const { rng } = ctx
  const dx = cx - 600
  const at = (points: { x: number; y: number }[]) => polygon(points.map((p) => ({ x: p.x + dx, y: p.y })))
  const frame = lit(ctx, rng.pick(['#6b4429', '#8a5d3b', '#c9b89a', '#3f5f7a']))
  const headboard = rng.pick(['rounded', 'arched', 'planks'] as const)
  let out =
    headboard === 'arched'
      ? path(`M${370 + dx},540V430a230,90 0 0,1 460,0V540Z`, frame)
      : path(`M${370 + dx},540V400q0,-40 40,-40h380q40,0 40,40V540Z`, frame)
  if (headboard === 'planks') {
    let d = ''
    for (let x = 410; x < 830; x += 42) d += `M${x + dx},366V540`
    out += `<path d="${d}" stroke="${darken(frame, 0.3)}" stroke-width="3" opacity="0.6"/>`
  }
  const duvet = lit(ctx, rng.pick(['#e9dcc4', '#d7e3ea', '#f0e0d0', '#dfe8d8', '#f6f1e8']))
  out += path(
    at([
      { x: 390, y: 500 },
      { x: 810, y: 500 },
      { x: 900, y: 650 },
      { x: 300, y: 650 },
    ]),
    lit(ctx, '#f6f1e8'),
  )
  for (const px of [500, 700])
    out +=
      rect(px + dx - 95, 452, 190, 66, lit(ctx, '#fbf8f2'), ' rx="26"') +
      rect(px + dx - 95, 500, 190, 16, lit(ctx, '#e8e0d2'), ' rx="8"')
  if (rng.chance(0.5)) out += rect(560 + dx, 470, 80, 50, lit(ctx, accent), ' rx="14"')
  out += path(
    at([
      { x: 366, y: 540 },
      { x: 834, y: 540 },
      { x: 912, y: 660 },
      { x: 288, y: 660 },
    ]),
    duvet,
  )
  out += path(
    at([
      { x: 366, y: 540 },
      { x: 834, y: 540 },
      { x: 842, y: 556 },
      { x: 358, y: 556 },
    ]),
    lighten(duvet, 0.35),
  )
  out += rect(288 + dx, 660, 624, 70, darken(duvet, 0.1))
  const throwStyle = rng.pick(['sarape', 'solid', 'none'] as const)
  if (throwStyle !== 'none') {
    const fill = throwStyle === 'sarape' ? sarape(ctx) : lit(ctx, accent)
    out += path(
      at([
        { x: 330, y: 610 },
        { x: 870, y: 610 },
        { x: 890, y: 642 },
        { x: 310, y: 642 },
      ]),
      fill,
    )
    out += rect(310 + dx, 660, 580, 60, fill, ' opacity="0.9"')
    if (throwStyle === 'solid') out += rect(310 + dx, 700, 580, 5, lighten(lit(ctx, accent), 0.5))
  }
  out +=
    rect(280 + dx, 730, 640, 20, darken(frame, 0.15)) +
    rect(296 + dx, 750, 18, 24, darken(frame, 0.3)) +
    rect(886 + dx, 750, 18, 24, darken(frame, 0.3))
  return `${out}<ellipse cx="${cx}" cy="776" rx="340" ry="14" fill="#000" opacity="0.15"/>`
}

function nightstand(ctx: Ctx, x: number): string {
  return (
    rect(x - 60, 470, 120, 140, lit(ctx, '#6b4429'), ' rx="4"') +
    rect(x - 50, 500, 100, 4, lit(ctx, '#4a2e1e')) +
    rect(x - 6, 410, 12, 60, lit(ctx, '#c9a46a')) +
    lampShade(ctx, x, 360, 90)
  )
}

/** A bedroom: either the window above the bed, or a tall window beside it and a picture over the headboard. */
export function bedroom(ctx: Ctx, theme: ImageTheme, seed: string): string {
  const m: Materials = materialsFor(ctx, theme)
  const { rng } = ctx
  let out = roomShell(ctx, m)
  if (rng.chance(0.5)) {
    out += viewWindow(ctx, theme, 360, 120, 480, 250, seed)
    out += curtains(ctx, 360, 120, 480, 250, m.accent)
    out += bed(ctx, 600, m.accent) + nightstand(ctx, 230) + nightstand(ctx, 970)
    out += pottedPlant(ctx, 90, 780, 1.8, '#b8643e', '#4d8a4a')
  } else {
    const windowLeft = rng.chance(0.5)
    const wx = windowLeft ? 240 : 700
    out += viewWindow(ctx, theme, wx, 130, 260, 330, seed)
    out += curtains(ctx, wx, 130, 260, 330, m.accent)
    const cx = windowLeft ? 700 : 500
    out += wallArt(ctx, cx - 90, 190, 180, 120)
    out += bed(ctx, cx, m.accent) + nightstand(ctx, windowLeft ? 1000 : 120)
    out += pottedPlant(ctx, windowLeft ? 110 : 1090, 790, 2, '#c77a4a', '#3f7d4e')
  }
  return out
}

export function dining(ctx: Ctx, theme: ImageTheme, seed: string): string {
  const m = materialsFor(ctx, theme)
  const { rng } = ctx
  let out = roomShell(ctx, m)
  const counterTop = 430
  out += viewWindow(ctx, theme, 620, 140, 340, 230, seed)
  const wood = lit(ctx, rng.pick(['#8a5d3b', '#3f6b5a', '#c9a46a', '#3f5f7a']))
  out += rect(190, counterTop, 820, 130, wood) + rect(180, counterTop - 14, 840, 16, lit(ctx, '#e9e2d6'))
  let doors = ''
  for (let x = 200; x < 1000; x += 100)
    doors +=
      rect(x, counterTop + 16, 92, 104, darken(wood, 0.08), ' rx="3"') +
      rect(x + 40, counterTop + 30, 12, 4, lit(ctx, '#d9c9a8'))
  out += doors
  out += rect(210, 170, 360, 10, lit(ctx, '#6b4429')) + rect(210, 260, 360, 10, lit(ctx, '#6b4429'))
  const jars = ['#e0774a', '#f2b233', '#1f9aa8', '#f4ead2', '#6aa68f']
  for (let i = 0; i < 9; i++)
    out += rect(
      222 + i * 38,
      130 + (i % 2) * 6,
      26,
      40 - (i % 2) * 6,
      lit(ctx, itemAt(jars, i % jars.length)),
      ' rx="5"',
    )
  for (let i = 0; i < 6; i++)
    out += path(circlePath(240 + i * 56, 234, 22), lit(ctx, i % 2 ? '#1f6fa8' : '#f4ead2'))
  const tt = 0.38
  // The table top's corners, back left, back right, front right and front left: 90 px above the floor.
  const corner = (x: number, t: number) => {
    const p = floorPt(x, t)
    return { x: p.x, y: p.y - 90 }
  }
  const top = [corner(330, tt), corner(870, tt), corner(870, tt + 0.22), corner(330, tt + 0.22)] as const
  const tw = lit(ctx, '#7a4e32')
  const chair = lit(ctx, rng.pick(['#c9a46a', '#2f5d7c', '#b8643e', '#3a7a5a']))
  for (const cxp of [420, 600, 780]) {
    const x = floorPt(cxp, tt).x
    const yTop = top[0].y - 120
    let back = rect(x - 40, yTop, 10, 130, chair) + rect(x + 30, yTop, 10, 130, chair)
    for (let k = 0; k < 3; k++) back += rect(x - 32, yTop + 12 + k * 28, 64, 12, chair, ' rx="4"')
    out += back
  }
  out +=
    path(polygon(top), lighten(tw, 0.1)) + rect(top[3].x, top[3].y, top[2].x - top[3].x, 18, darken(tw, 0.25))
  out +=
    rect(top[3].x + 20, top[3].y + 18, 18, 110, darken(tw, 0.35)) +
    rect(top[2].x - 38, top[2].y + 18, 18, 110, darken(tw, 0.35))
  out += path(
    polygon([
      { x: top[3].x + 60, y: top[3].y - 30 },
      { x: top[2].x - 60, y: top[2].y - 30 },
      { x: top[2].x - 40, y: top[2].y - 8 },
      { x: top[3].x + 40, y: top[3].y - 8 },
    ]),
    sarape(ctx),
    ' opacity="0.9"',
  )
  const cx = (top[0].x + top[1].x) / 2
  const cy = (top[0].y + top[3].y) / 2
  out += `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="60" ry="18" fill="${lit(ctx, '#c9a46a')}"/>`
  out += path(
    circlePath(cx - 22, cy - 12, 16) + circlePath(cx + 8, cy - 16, 15) + circlePath(cx + 30, cy - 8, 14),
    lit(ctx, '#e0383e'),
  )
  out += path(circlePath(cx - 4, cy - 28, 13), lit(ctx, '#f2b233'))
  for (const px of [430, 770]) {
    out += `<path d="M${px},0V170" stroke="${lit(ctx, '#2b2b2b')}" stroke-width="3"/>`
    out += glow(ctx, px, 210, 220, 0.55)
    out += path(
      `M${px - 50},230Q${px},150 ${px + 50},230Z`,
      lit(ctx, rng.pick(['#2f5d7c', '#c9a46a', '#3a3a3a'])),
    )
    out += path(circlePath(px, 232, 10), ctx.light.isDark ? '#fff0b8' : lit(ctx, '#f4ead2'))
  }
  out += pottedPlant(ctx, 1100, H - 10, 1.8, '#c77a4a', '#3f7d4e')
  return out
}
