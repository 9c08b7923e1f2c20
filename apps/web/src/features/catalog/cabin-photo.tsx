import { type CabinImage, cardImageSources } from '@cabanas/domain/catalog'
import { ImageOff } from 'lucide-react'
import { Link } from 'react-router'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { cx } from '../../lib/cx'

/**
 * How wide a card is drawn at most: one column on phones (the page's 16 px margins), two from `sm`, three or
 * four beside the results map or in the home's rows, never over 384 px. A phone (343 px × DPR 1.75–3) picks
 * the 640 preview, a card on a desktop the 400 or the 640. A layout that draws its cards narrower says so
 * (`CabinCard`'s `photoSizes`). Not `sizes="auto"`: Chromium picks again when React removes the image (seen
 * when the card's photo becomes its carousel), finds no width and fetches the widest as well.
 */
export const CARD_SIZES =
  '(min-width: 1280px) 384px, (min-width: 1024px) 30vw, (min-width: 640px) 50vw, calc(100vw - 32px)'

type CabinPhotoProps = {
  image: CabinImage
  /** Where a click on the photo leads; none for an unavailable cabin. */
  href: string | undefined
  opensInNewTab: boolean
  /** The first photo names the cabin for screen readers; the others are decorative. */
  isFirst: boolean
  priority: boolean
  muted: boolean
  /** How wide the card is drawn (`sizes`); cards' usual widths by default. */
  sizes?: string
}

/** One photo of a card, a link for pointers (the card's name is the link for keyboards). */
export function CabinPhoto({
  image,
  href,
  opensInNewTab,
  isFirst,
  priority,
  muted,
  sizes = CARD_SIZES,
}: CabinPhotoProps) {
  const picture = (
    <ResponsiveImage
      sources={cardImageSources(image)}
      sizes={sizes}
      alt={isFirst ? image.alt : ''}
      priority={priority}
      draggable={false}
      fallback={
        <div className="flex size-full items-center justify-center bg-stone-200 text-stone-400">
          <ImageOff aria-hidden="true" className="size-8" />
        </div>
      }
      className={cx(
        'size-full object-cover transition-[filter,opacity] duration-300',
        muted && 'opacity-60 grayscale',
      )}
    />
  )
  if (!href) return picture
  return (
    <Link
      to={href}
      tabIndex={-1}
      aria-hidden="true"
      draggable={false}
      {...(opensInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="block size-full"
    >
      {picture}
    </Link>
  )
}

export function NoPhoto() {
  return (
    <div className="flex size-full items-center justify-center text-stone-400">
      <ImageOff aria-hidden="true" className="size-8" />
      <span className="sr-only">Imagen no disponible</span>
    </div>
  )
}
