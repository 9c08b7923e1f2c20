import type { ReactNode } from 'react'
import { preload } from 'react-dom'
import { MEXICO_OUTLINE, projectOnOutline } from './mexico-outline'

/** A place to mark, and what to draw there (centred on it). */
export type StaticMapPin = { key: string; latitude: number; longitude: number; icon: ReactNode }

type StaticMexicoMapProps = {
  /** What the picture shows, for screen readers. */
  label: string
  /** The places to mark, drawn in this order (the last one on top). */
  pins?: readonly StaticMapPin[]
  /**
   * A media query under which the picture is in the first view: the outline is then fetched from the
   * document's head at once, not after layout (the picture can be the page's largest paint).
   */
  firstViewMedia?: string
  children?: ReactNode
}

const RATIO = (MEXICO_OUTLINE.width / MEXICO_OUTLINE.height).toFixed(4)
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(2)}%`

/** Whether a place falls on the picture (the outline's box): the others cannot be marked. */
export function isOnStaticMap({ latitude, longitude }: { latitude: number; longitude: number }): boolean {
  return (
    latitude >= MEXICO_OUTLINE.south &&
    latitude <= MEXICO_OUTLINE.north &&
    longitude >= MEXICO_OUTLINE.west &&
    longitude <= MEXICO_OUTLINE.east
  )
}

/**
 * Mexico and its states as a plain image, with pins: no script, no Leaflet, the same on the
 * server and in the browser. It fills its box (which fixes the size, so nothing moves when a live map
 * replaces it); the image, fetched only when near the screen, is fitted inside without distortion.
 */
export function StaticMexicoMap({ label, pins = [], firstViewMedia, children }: StaticMexicoMapProps) {
  if (firstViewMedia)
    preload(MEXICO_OUTLINE.url, { as: 'image', type: 'image/svg+xml', media: firstViewMedia })
  return (
    <div className="relative size-full bg-[#e4e9ea]">
      <div
        role="img"
        aria-label={label}
        className="absolute inset-3 flex items-center justify-center"
        style={{ containerType: 'size' }}
      >
        <div
          className="relative"
          // The largest box of the map's proportions that fits (object-fit: contain, as a box the pin can sit in).
          style={{ width: `min(100cqw, ${RATIO} * 100cqh)`, height: `min(100cqh, 100cqw / ${RATIO})` }}
        >
          <img
            src={MEXICO_OUTLINE.url}
            alt=""
            width={Math.round(MEXICO_OUTLINE.width)}
            height={Math.round(MEXICO_OUTLINE.height)}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full"
          />
          {pins.filter(isOnStaticMap).map((pin) => {
            const point = projectOnOutline(pin.latitude, pin.longitude)
            return (
              <div
                key={pin.key}
                className="absolute -translate-x-1/2 -translate-y-1/2"
                style={{
                  left: percent(point.x, MEXICO_OUTLINE.width),
                  top: percent(point.y, MEXICO_OUTLINE.height),
                }}
              >
                {pin.icon}
              </div>
            )
          })}
        </div>
      </div>
      {children}
      <p className="absolute right-0 bottom-0 bg-white/80 px-1.5 text-[10px] leading-4 text-stone-600">
        Contornos:{' '}
        <a href="https://mapsvg.com/maps/mexico" className="underline">
          MapSVG
        </a>
        ,{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/deed.es" className="underline">
          CC BY 4.0
        </a>
      </p>
    </div>
  )
}
