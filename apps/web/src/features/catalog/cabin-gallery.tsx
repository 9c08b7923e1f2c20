import type { CabinImage } from '@cabanas/domain/catalog'
import { ImageOff, LayoutGrid } from 'lucide-react'
import { useState } from 'react'
import { Dialog } from '../../components/ui/dialog'
import { cx } from '../../lib/cx'

/** Spec §9: one large photo and up to four small ones. */
const GRID_PHOTOS = 5

/** Where each photo sits on wide screens, by how many there are: the first one always large. */
const TILE_LAYOUTS: Record<number, { grid: string; tiles: string[] }> = {
  1: { grid: '', tiles: [''] },
  2: { grid: 'md:grid-cols-2', tiles: ['', ''] },
  3: { grid: 'md:grid-cols-3 md:grid-rows-2', tiles: ['md:col-span-2 md:row-span-2', '', ''] },
  4: {
    grid: 'md:grid-cols-4 md:grid-rows-2',
    tiles: ['md:col-span-2 md:row-span-2', '', '', 'md:col-span-2'],
  },
  5: { grid: 'md:grid-cols-4 md:grid-rows-2', tiles: ['md:col-span-2 md:row-span-2', '', '', '', ''] },
}

type CabinGalleryProps = { name: string; images: readonly CabinImage[] }

/** The photo grid and the 'Mostrar todas las fotos' dialog (spec §2). */
export function CabinGallery({ name, images }: CabinGalleryProps) {
  const [openAt, setOpenAt] = useState<number | null>(null)
  const shown = images.slice(0, GRID_PHOTOS)
  const layout = TILE_LAYOUTS[shown.length]

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
          <button
            key={image.url}
            type="button"
            onClick={() => setOpenAt(index)}
            aria-label={`Ver foto ${index + 1} de ${images.length}: ${image.alt}`}
            className={cx(
              'group relative min-h-0 overflow-hidden bg-stone-200 focus-visible:outline-offset-[-4px]',
              index > 0 && 'hidden md:block',
              layout.tiles[index],
            )}
          >
            <img
              src={index === 0 ? image.url : image.preview}
              alt={index === 0 ? image.alt : ''}
              width={index === 0 ? 1600 : 640}
              height={index === 0 ? 1067 : 427}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
              className="size-full object-cover transition duration-300 group-hover:brightness-90"
            />
          </button>
        ))}
      </div>
      {images.length > 0 && (
        <button
          type="button"
          onClick={() => setOpenAt(0)}
          className="absolute right-3 bottom-3 inline-flex items-center gap-2 rounded-lg border border-stone-900 bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 shadow-sm hover:bg-stone-50 sm:right-4 sm:bottom-4"
        >
          <LayoutGrid aria-hidden="true" className="size-4" />
          Mostrar todas las fotos
        </button>
      )}
      <Dialog
        open={openAt !== null}
        onOpenChange={(open) => !open && setOpenAt(null)}
        title={`Fotos de ${name}`}
        placement="fullscreen"
      >
        <AllPhotos images={images} startAt={openAt ?? 0} />
      </Dialog>
    </div>
  )
}

/** Every photo, large, one under another (two per row on wide screens after the first). */
function AllPhotos({ images, startAt }: { images: readonly CabinImage[]; startAt: number }) {
  return (
    <ul className="mx-auto grid max-w-4xl gap-2 px-4 py-6 sm:grid-cols-2 sm:px-6">
      {images.map((image, index) => (
        <li
          key={image.url}
          ref={
            index === startAt && startAt > 0 ? (item) => item?.scrollIntoView({ block: 'start' }) : undefined
          }
          className={cx('overflow-hidden rounded-lg bg-stone-200', index % 3 === 0 && 'sm:col-span-2')}
        >
          <img
            src={image.url}
            alt={image.alt}
            width={1600}
            height={1067}
            loading={index < 3 ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover"
          />
        </li>
      ))}
    </ul>
  )
}
