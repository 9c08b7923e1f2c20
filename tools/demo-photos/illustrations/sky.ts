import type { TimeOfDay } from '../../../apps/api/src/db/seed-data/images.ts'
import { mix } from './color.ts'
import {
  type Ctx,
  circlePath,
  fmt,
  H,
  type Light,
  linear,
  path,
  type Random,
  radial,
  rect,
  W,
} from './context.ts'

type LightBase = Omit<Light, 'time' | 'sunX'>

const LIGHTS: Record<TimeOfDay, LightBase[]> = {
  morning: [
    {
      skyTop: '#79b0df',
      skyMid: '#b7d6ee',
      skyHorizon: '#fde2c6',
      haze: '#cbd8e6',
      sun: '#fff6dc',
      glow: '#ffe2b0',
      cloud: '#fff7ee',
      ambient: '#ffe9d2',
      ambientAmount: 0.06,
      isDark: false,
    },
    {
      skyTop: '#8cb9e3',
      skyMid: '#c9dcef',
      skyHorizon: '#f9d9d0',
      haze: '#d3d9e8',
      sun: '#fff3e0',
      glow: '#ffd7c2',
      cloud: '#fff5f2',
      ambient: '#ffe4dc',
      ambientAmount: 0.07,
      isDark: false,
    },
  ],
  day: [
    {
      skyTop: '#4393da',
      skyMid: '#86c0ec',
      skyHorizon: '#def0fa',
      haze: '#b9d4e8',
      sun: '#fffdf2',
      glow: '#fff6d8',
      cloud: '#ffffff',
      ambient: '#ffffff',
      ambientAmount: 0,
      isDark: false,
    },
    {
      skyTop: '#3a8bd3',
      skyMid: '#7fbde6',
      skyHorizon: '#e8f4f3',
      haze: '#bcd8e2',
      sun: '#fffdf2',
      glow: '#fff3d0',
      cloud: '#ffffff',
      ambient: '#fffbe8',
      ambientAmount: 0.03,
      isDark: false,
    },
  ],
  golden: [
    {
      skyTop: '#5874bd',
      skyMid: '#e59f80',
      skyHorizon: '#ffd08a',
      haze: '#e8b49c',
      sun: '#fff1bf',
      glow: '#ffb45e',
      cloud: '#ffd9bd',
      ambient: '#ff9a4d',
      ambientAmount: 0.13,
      isDark: false,
    },
    {
      skyTop: '#6b6fb8',
      skyMid: '#ee9a9a',
      skyHorizon: '#ffcf9a',
      haze: '#e6aea8',
      sun: '#fff0c8',
      glow: '#ffa56b',
      cloud: '#ffd2c4',
      ambient: '#ff8f6a',
      ambientAmount: 0.14,
      isDark: false,
    },
  ],
  dusk: [
    {
      skyTop: '#1c2456',
      skyMid: '#6b4a8c',
      skyHorizon: '#f08a6a',
      haze: '#77609a',
      sun: '#ffc08a',
      glow: '#ff8a66',
      cloud: '#c77b93',
      ambient: '#3a2b62',
      ambientAmount: 0.36,
      isDark: true,
    },
    {
      skyTop: '#202e62',
      skyMid: '#55559a',
      skyHorizon: '#f3a07a',
      haze: '#6f6aa0',
      sun: '#ffcf9a',
      glow: '#ff9c6e',
      cloud: '#b88aa6',
      ambient: '#30305e',
      ambientAmount: 0.36,
      isDark: true,
    },
  ],
  night: [
    {
      skyTop: '#060b22',
      skyMid: '#12224a',
      skyHorizon: '#2a4676',
      haze: '#243763',
      sun: '#f6f2df',
      glow: '#9fb4e0',
      cloud: '#2a3a66',
      ambient: '#0e1838',
      ambientAmount: 0.58,
      isDark: true,
    },
  ],
}

export function createLight(time: TimeOfDay, rng: Random): Light {
  return { ...rng.pick(LIGHTS[time]), time, sunX: rng.range(180, W - 180) }
}

/** A flat-bottomed cloud: a row of round puffs, tallest in the middle. */
function cloud(cx: number, cy: number, size: number, rng: Random): string {
  const puffs = rng.int(3, 5)
  const widths = Array.from(
    { length: puffs },
    (_, i) => 0.6 + Math.sin(((i + 0.5) / puffs) * Math.PI) * rng.range(0.6, 1),
  )
  const total = widths.reduce((a, b) => a + b, 0)
  let x = cx - size * 1.8
  let d = `M${fmt(x)},${fmt(cy)}`
  for (const w of widths) {
    const span = (w / total) * size * 3.6
    const r = span * 0.55
    x += span
    d += `A${fmt(r)},${fmt(r)} 0 1,1 ${fmt(x)},${fmt(cy)}`
  }
  return `${d}Z`
}

/** Sky gradient, sun or moon with its glow, stars at night and a few soft clouds, down to the horizon. */
export function drawSky(ctx: Ctx, horizonY: number): string {
  const { light, rng } = ctx
  const out: string[] = []
  const sky = linear(ctx, [
    [0, light.skyTop],
    [0.55, light.skyMid],
    [1, light.skyHorizon],
  ])
  out.push(`<rect x="0" y="0" width="${W}" height="${fmt(horizonY + 40)}" fill="${sky}"/>`)
  if (light.time === 'night') {
    let stars = ''
    let bright = ''
    for (let i = 0; i < 140; i++) {
      const x = rng.range(0, W)
      const y = rng.range(0, horizonY * 0.85) ** 1.08
      if (rng.chance(0.12)) bright += circlePath(x, y, rng.range(1.4, 2.2))
      else stars += circlePath(x, y, rng.range(0.6, 1.3))
    }
    out.push(path(stars, '#ffffff', ' opacity="0.7"'), path(bright, '#fff8e6', ' opacity="0.95"'))
    const mx = light.sunX
    const my = rng.range(110, 190)
    out.push(
      `<circle cx="${fmt(mx)}" cy="${fmt(my)}" r="160" fill="${radial(
        ctx,
        [
          [0, light.glow, 0.35],
          [1, light.glow, 0],
        ],
        mx,
        my,
        160,
      )}"/>`,
    )
    out.push(`<circle cx="${fmt(mx)}" cy="${fmt(my)}" r="34" fill="${light.sun}"/>`)
    out.push(
      path(
        circlePath(mx - 10, my - 6, 7) + circlePath(mx + 9, my + 10, 5) + circlePath(mx + 12, my - 12, 3.5),
        '#e2dcc4',
        ' opacity="0.6"',
      ),
    )
  } else {
    const sy =
      light.time === 'day'
        ? rng.range(110, 170)
        : light.time === 'morning'
          ? horizonY - rng.range(150, 230)
          : light.time === 'golden'
            ? horizonY - rng.range(50, 110)
            : horizonY + 30
    const glowR = light.time === 'day' ? 240 : 420
    const glowOpacity = light.time === 'day' ? 0.5 : 0.75
    out.push(
      `<circle cx="${fmt(light.sunX)}" cy="${fmt(sy)}" r="${glowR}" fill="${radial(
        ctx,
        [
          [0, light.glow, glowOpacity],
          [0.35, light.glow, glowOpacity * 0.4],
          [1, light.glow, 0],
        ],
        light.sunX,
        sy,
        glowR,
      )}"/>`,
    )
    if (light.time !== 'dusk') {
      const r = light.time === 'golden' ? 52 : 42
      out.push(
        `<circle cx="${fmt(light.sunX)}" cy="${fmt(sy)}" r="${r}" fill="${light.sun}" opacity="0.95"/>`,
      )
    }
  }
  const clouds = light.time === 'night' ? rng.int(0, 2) : rng.int(2, 5)
  for (let i = 0; i < clouds; i++) {
    const cx = rng.range(60, W - 60)
    const cy = rng.range(70, horizonY * 0.62)
    const size = rng.range(30, 70) * (1 - cy / (horizonY * 1.6))
    const base = mix(light.cloud, light.skyMid, 0.35)
    out.push(path(cloud(cx, cy + size * 0.12, size, rng), base, ' opacity="0.55"'))
    out.push(
      path(
        cloud(cx - size * 0.1, cy, size * 0.92, rng),
        light.cloud,
        ` opacity="${light.time === 'night' ? 0.5 : 0.9}"`,
      ),
    )
  }
  return out.join('')
}

/** A translucent band of mist lying at y. */
export function mistBand(ctx: Ctx, y: number, height: number, opacity = 0.55): string {
  const fill = linear(ctx, [
    [0, ctx.light.haze, 0],
    [0.5, ctx.light.haze, opacity],
    [1, ctx.light.haze, 0],
  ])
  return rect(-10, y - height / 2, W + 20, height, fill)
}

export const fullRect = (fill: string) => `<rect x="0" y="0" width="${W}" height="${H}" fill="${fill}"/>`
