import { cardImageSources } from '@cabanas/domain/catalog'
import { ImageOff } from 'lucide-react'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { cx } from '../../lib/cx'

/** A listing's cover in the queue (decorative: its title is beside it), or a grey box without photos. */
export function ListingCover({ coverUrl, className }: { coverUrl: string | null; className?: string }) {
  const box = cx('aspect-[3/2] shrink-0 overflow-hidden rounded-lg bg-stone-100', className)
  const empty = (
    <div className={cx(box, 'flex items-center justify-center text-stone-400')}>
      <ImageOff aria-hidden="true" className="size-5" />
    </div>
  )
  if (!coverUrl) return empty
  return (
    <div className={box}>
      <ResponsiveImage
        sources={cardImageSources({ preview: coverUrl })}
        sizes="160px"
        alt=""
        className="size-full object-cover"
        fallback={empty}
      />
    </div>
  )
}
