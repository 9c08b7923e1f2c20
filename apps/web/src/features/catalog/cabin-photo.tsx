import type { CabinImage } from '@cabanas/domain/catalog'
import { ImageOff } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { cx } from '../../lib/cx'

type CabinPhotoProps = {
  image: CabinImage
  /** Where a click on the photo leads; none for an unavailable cabin. */
  href: string | undefined
  opensInNewTab: boolean
  /** The first photo names the cabin for screen readers; the others are decorative. */
  isFirst: boolean
  priority: boolean
  muted: boolean
}

/** One photo of a card, a link for pointers (the card's name is the link for keyboards). */
export function CabinPhoto({ image, href, opensInNewTab, isFirst, priority, muted }: CabinPhotoProps) {
  const [failed, setFailed] = useState(false)
  const picture = failed ? (
    <div className="flex size-full items-center justify-center bg-stone-200 text-stone-400">
      <ImageOff aria-hidden="true" className="size-8" />
    </div>
  ) : (
    <img
      src={image.preview}
      alt={isFirst ? image.alt : ''}
      width={640}
      height={427}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
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
