import { type CabinImage, fullImageSources } from '@cabanas/domain/catalog'
import { ImageOff, LayoutGrid } from 'lucide-react'
import { type MouseEvent, useState } from 'react'
import { Dialog } from '../../components/ui/dialog'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { cx } from '../../lib/cx'
import { isPlainClick } from '../../lib/plain-click'
import { AllPhotos, missingPhoto, photoAnchor } from './all-photos'

/** Spec §9: one large photo and up to four small ones. */
const GRID_PHOTOS = 5

/**
 * Where each photo sits on wide screens, by how many there are: the first one always large. `drawn` is the
 * width each photo is drawn at from `md`, as a share of the gallery's width: a 3:2 photo covering a squarer
 * tile is drawn wider than the tile (a square tile half the gallery wide shows a photo ¾ of it wide).
 */
const TILE_LAYOUTS: Record<number, { grid: string; tiles: { className: string; drawn: number }[] }> = {
  1: { grid: '', tiles: [{ className: '', drawn: 1 }] },
  2: {
    grid: 'md:grid-cols-2',
    tiles: [
      { className: '', drawn: 0.75 },
      { className: '', drawn: 0.75 },
    ],
  },
  3: {
    grid: 'md:grid-cols-3 md:grid-rows-2',
    tiles: [
      { className: 'md:col-span-2 md:row-span-2', drawn: 0.75 },
      { className: '', drawn: 0.375 },
      { className: '', drawn: 0.375 },
    ],
  },
  4: {
    grid: 'md:grid-cols-4 md:grid-rows-2',
    tiles: [
      { className: 'md:col-span-2 md:row-span-2', drawn: 0.75 },
      { className: '', drawn: 0.375 },
      { className: '', drawn: 0.375 },
      { className: 'md:col-span-2', drawn: 0.5 },
    ],
  },
  5: {
    grid: 'md:grid-cols-4 md:grid-rows-2',
    tiles: [
      { className: 'md:col-span-2 md:row-span-2', drawn: 0.75 },
      { className: '', drawn: 0.375 },
      { className: '', drawn: 0.375 },
      { className: '', drawn: 0.375 },
      { className: '', drawn: 0.375 },
    ],
  },
}

/** The gallery's width: the page's (max-w-6xl, 1152 px) less its side padding (16, 24 from sm, 32 from lg). */
const GALLERY_MAX = 1152 - 64

/**
 * `sizes` of a tile drawn at `drawn` × the gallery's width from `md`. Below `md` only the first photo shows,
 * the full width: in a 4:3 box on phones (a 3:2 photo drawn 9/8 as wide), 16:9 from `sm`.
 */
function tileSizes(drawn: number): string {
  const share = (padding: number) => `calc(${+(drawn * 100).toFixed(2)}vw - ${Math.round(drawn * padding)}px)`
  return [
    `(min-width: 1152px) ${Math.round(drawn * GALLERY_MAX)}px`,
    `(min-width: 1024px) ${share(64)}`,
    `(min-width: 768px) ${share(48)}`,
    '(min-width: 640px) calc(100vw - 48px)',
    'calc(112.5vw - 36px)',
  ].join(', ')
}

type CabinGalleryProps = {
  name: string
  images: readonly CabinImage[]
  /** The page of every photo: where the tiles and 'Mostrar todas las fotos' lead without JavaScript. */
  photosHref: string
}

/**
 * The photo grid and the 'Mostrar todas las fotos' dialog (spec §2). The tiles and the button are links
 * to the photos page, so they work from the first paint, before the app runs; once it runs, a plain click
 * opens the dialog instead (a click asking for a new tab still gets the page).
 */
export function CabinGallery({ name, images, photosHref }: CabinGalleryProps) {
  const [openAt, setOpenAt] = useState<number | null>(null)
  const shown = images.slice(0, GRID_PHOTOS)
  const layout = TILE_LAYOUTS[shown.length]
  const openDialogAt = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    setOpenAt(index)
  }

  if (!layout) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-stone-200 text-stone-400 sm:aspect-[2/1]">
        <ImageOff aria-hidden="true" className="size-10" />
        <span className="sr-only">Imagen no disponible</span>
      </div>
    )
  }

  return (
    <div className="relative">
      <div
        className={cx(
          'grid aspect-[4/3] gap-2 overflow-hidden rounded-2xl sm:aspect-[16/9] md:aspect-[2/1]',
          layout.grid,
        )}
      >
        {shown.map((image, index) => (
          <a
            key={image.url}
            href={`${photosHref}#${photoAnchor(index)}`}
            onClick={openDialogAt(index)}
            aria-label={`Ver foto ${index + 1} de ${images.length}: ${image.alt}`}
            className={cx(
              'group relative min-h-0 overflow-hidden bg-stone-200 focus-visible:outline-offset-[-4px]',
              index > 0 && 'hidden md:block',
              layout.tiles[index]?.className,
            )}
          >
            {/* The first photo is the page's largest paint: fetched at once and preloaded; the others
                (hidden on phones) lazily. */}
            <ResponsiveImage
              sources={fullImageSources(image)}
              sizes={tileSizes(layout.tiles[index]?.drawn ?? 1)}
              alt={index === 0 ? image.alt : ''}
              priority={index === 0}
              fallback={missingPhoto}
              className="size-full object-cover transition duration-300 group-hover:brightness-90"
            />
          </a>
        ))}
      </div>
      {images.length > 0 && (
        <a
          href={photosHref}
          onClick={openDialogAt(0)}
          className="absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-lg border border-stone-900 bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 shadow-sm hover:bg-stone-50 sm:right-4 sm:bottom-4"
        >
          <LayoutGrid aria-hidden="true" className="size-4" />
          Mostrar todas las fotos
        </a>
      )}
      <Dialog
        open={openAt !== null}
        onOpenChange={(open) => !open && setOpenAt(null)}
        title={`Fotos de ${name}`}
        placement="fullscreen"
      >
        <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
          <AllPhotos images={images} startAt={openAt ?? 0} />
        </div>
      </Dialog>
    </div>
  )
}
