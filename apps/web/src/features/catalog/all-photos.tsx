import { type CabinImage, fullImageSources } from '@cabanas/domain/catalog'
import { ImageOff } from 'lucide-react'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { cx } from '../../lib/cx'

/**
 * Photos of the 'all photos' list, in a column of at most max-w-4xl with 16 px (24 from `sm`) margins: the
 * first of every three across its width, the others by pairs.
 */
const WIDE_PHOTO_SIZES = '(min-width: 896px) 848px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)'
const HALF_PHOTO_SIZES = '(min-width: 896px) 420px, (min-width: 640px) calc(50vw - 28px), calc(100vw - 32px)'

export const missingPhoto = (
  <div className="flex size-full items-center justify-center text-stone-400">
    <ImageOff aria-hidden="true" className="size-8" />
  </div>
)

/** The anchor of a photo in the list ('#foto-3'): a gallery tile links to its photo. */
export const photoAnchor = (index: number) => `foto-${index + 1}`

type AllPhotosProps = {
  images: readonly CabinImage[]
  /** The photo to bring into view when the list appears (the dialog opened from a tile). */
  startAt?: number
  /** The list is the page's content (the photos page): the first photo is its LCP, fetched at once. */
  isPage?: boolean
}

/** Every photo, large, in the gallery's order: one under another, two per row on wide screens after the first. */
export function AllPhotos({ images, startAt = 0, isPage = false }: AllPhotosProps) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {images.map((image, index) => (
        <li
          key={image.url}
          id={isPage ? photoAnchor(index) : undefined}
          ref={
            index === startAt && startAt > 0 ? (item) => item?.scrollIntoView({ block: 'start' }) : undefined
          }
          className={cx(
            'scroll-mt-20 overflow-hidden rounded-lg sm:scroll-mt-24 bg-stone-200',
            index % 3 === 0 && 'sm:col-span-2',
          )}
        >
          {/* Lazy, yet the photos in view when the list appears are fetched at once. */}
          <ResponsiveImage
            sources={fullImageSources(image)}
            sizes={index % 3 === 0 ? WIDE_PHOTO_SIZES : HALF_PHOTO_SIZES}
            alt={image.alt}
            priority={isPage && index === 0}
            fallback={missingPhoto}
            className="size-full object-cover"
          />
        </li>
      ))}
    </ul>
  )
}
