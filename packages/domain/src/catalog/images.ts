import type { CabinImage } from './cabin.ts'

/**
 * Responsive versions of the photos we host (`/media/…`). For every hosted photo
 * `/media/cabins/{slug}/{n}.webp` (full, 1200×800) and its card preview `{n}-card.webp` (640×427),
 * `npm run images` also writes smaller widths and a 1200×630 JPEG for link previews (Open Graph), by
 * the naming below. Photos hosted elsewhere have no variants: they are used as they are.
 *
 * (Issue 11 skeleton: the variant widths and formats are filled in by the images work.)
 */

export type ImageSources = {
  /** The fallback URL (the largest variant of the format every browser reads). */
  src: string
  /** `srcset` of the fallback format, '' when the photo has no variants. */
  srcSet: string
  /** `srcset` of a better format (AVIF) when it exists, '' otherwise. */
  avifSrcSet: string
  /** Intrinsic size of `src`, for width/height attributes (no layout shift). */
  width: number
  height: number
}

const HOSTED = /^\/media\/.+\/\d+(-card)?\.webp$/

export function isHostedImage(url: string): boolean {
  return HOSTED.test(url)
}

/** Sources of a card photo (the `preview`). */
export function cardImageSources(image: Pick<CabinImage, 'preview'>): ImageSources {
  return { src: image.preview, srcSet: '', avifSrcSet: '', width: 640, height: 427 }
}

/** Sources of a full-size photo (the cabin page's gallery). */
export function fullImageSources(image: Pick<CabinImage, 'url'>): ImageSources {
  return { src: image.url, srcSet: '', avifSrcSet: '', width: 1200, height: 800 }
}

/** Path of the 1200×630 JPEG for link previews, or null for a photo hosted elsewhere. */
export function ogImagePath(image: Pick<CabinImage, 'url'>): string | null {
  if (!isHostedImage(image.url)) return null
  return image.url.replace(/(-card)?\.webp$/, '-og.jpg')
}

/** The site's own 1200×630 link preview (home, results), served by the web app. */
export const DEFAULT_OG_IMAGE = '/og-image.jpg'
