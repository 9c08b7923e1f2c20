import { requireValue } from '../shared/require-value.ts'
import type { CabinImage } from './cabin.ts'

/**
 * Responsive versions of the photos we host (`/media/…`). Every hosted photo `/media/cabins/{slug}/{n}.webp`
 * exists in four widths, all 3:2 WebP, written by `npm run images` (tools/demo-photos/generate-images.ts):
 *
 *   {n}-400.webp   400×267   small cards (home carousels on a phone)
 *   {n}-card.webp  640×427   the card `preview`
 *   {n}-800.webp   800×533   the cabin page's gallery on tablets and 2× phones
 *   {n}.webp      1200×800   the full photo (`url`)
 *
 * and the cover (photo 1) of each cabin also as `{n}-og.jpg`, 1200×630 JPEG, for link previews (Open Graph).
 * Photos hosted elsewhere have no variants: they are used as they are.
 *
 * No AVIF, measured on 20 demo photos (sharp 0.35, libaom): at effort 4 and sharp's default quality AVIF is about
 * a third smaller than our WebP but takes ~6.5 s per photo for the four widths (WebP: ~0.6 s), i.e. `npm run
 * images` from under 3 minutes to 20–35 minutes; at effort 2 it saves only 17–21 %. A phone's card is 7–14 KB in
 * WebP already, and the four widths in AVIF would add 12–15 MB to the repository. `avifSrcSet` stays in
 * `ImageSources` (and `ResponsiveImage` renders a `<picture>` for it) for photos that have AVIF.
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

export type HostedImageVariant = {
  width: number
  height: number
  /** What follows the photo's number in the file name: `{n}{suffix}.webp`. */
  suffix: string
}

/** Every width a hosted photo has, smallest first. */
export const HOSTED_IMAGE_VARIANTS: readonly HostedImageVariant[] = [
  { width: 400, height: 267, suffix: '-400' },
  { width: 640, height: 427, suffix: '-card' },
  { width: 800, height: 533, suffix: '-800' },
  { width: 1200, height: 800, suffix: '' },
]

/** Widths offered to cards: at most the 640 `preview`, so a card never costs a full photo. */
export const CARD_IMAGE_WIDTHS: readonly number[] = [400, 640]
/** Widths offered to the cabin page's photos. */
export const FULL_IMAGE_WIDTHS: readonly number[] = [400, 640, 800, 1200]

/** The link-preview size Open Graph and Twitter expect. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const
/** Only the cover has a link preview: pages share their first photo. */
const OG_PHOTO_NUMBER = 1

const HOSTED = /^(\/media\/.+\/)(\d+)(-card)?\.webp$/

export function isHostedImage(url: string): boolean {
  return HOSTED.test(url)
}

/** File name of one width of photo `n` ('3-400.webp'); the generator writes by it. */
export function hostedImageFileName(photoNumber: number, width: number): string {
  const variant = HOSTED_IMAGE_VARIANTS.find((candidate) => candidate.width === width)
  if (!variant) throw new Error(`No hosted variant ${width} px wide`)
  return `${photoNumber}${variant.suffix}.webp`
}

/** File name of photo `n`'s link preview, or null when it has none (only the cover does). */
export function ogImageFileName(photoNumber: number): string | null {
  return photoNumber === OG_PHOTO_NUMBER ? `${photoNumber}-og.jpg` : null
}

function hostedParts(url: string): { folder: string; photoNumber: number } | null {
  const match = HOSTED.exec(url)
  return match
    ? { folder: requireValue(match[1], 'the folder of a hosted photo'), photoNumber: Number(match[2]) }
    : null
}

function sourcesOf(url: string, widths: readonly number[]): ImageSources {
  const parts = hostedParts(url)
  const largest = HOSTED_IMAGE_VARIANTS.find((variant) => variant.width === widths.at(-1))
  if (!parts || !largest) {
    // Hosted elsewhere: one file of unknown size; 3:2 like ours keeps the box of the layout.
    return { src: url, srcSet: '', avifSrcSet: '', width: 1200, height: 800 }
  }
  const path = (width: number) => `${parts.folder}${hostedImageFileName(parts.photoNumber, width)}`
  return {
    src: path(largest.width),
    srcSet: widths.map((width) => `${path(width)} ${width}w`).join(', '),
    avifSrcSet: '',
    width: largest.width,
    height: largest.height,
  }
}

/** Sources of a card photo (the `preview`): 400 and 640 wide. */
export function cardImageSources(image: Pick<CabinImage, 'preview'>): ImageSources {
  const sources = sourcesOf(image.preview, CARD_IMAGE_WIDTHS)
  return isHostedImage(image.preview) ? sources : { ...sources, width: 640, height: 427 }
}

/** Sources of a full-size photo (the cabin page's gallery): 400 to 1200 wide. */
export function fullImageSources(image: Pick<CabinImage, 'url'>): ImageSources {
  return sourcesOf(image.url, FULL_IMAGE_WIDTHS)
}

/** Path of the 1200×630 JPEG for link previews, or null when the photo has none (hosted elsewhere, or not a cover). */
export function ogImagePath(image: Pick<CabinImage, 'url'>): string | null {
  const parts = hostedParts(image.url)
  const file = parts && ogImageFileName(parts.photoNumber)
  return parts && file ? `${parts.folder}${file}` : null
}

/** The site's own 1200×630 link preview (home, results), served by the web app. */
export const DEFAULT_OG_IMAGE = '/og-image.jpg'
