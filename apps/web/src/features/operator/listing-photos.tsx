import { fullImageSources } from '@cabanas/domain/catalog'
import type { ListingDraft } from '@cabanas/domain/listings'
import { uploadedPhotoPaths } from '@cabanas/domain/photos'
import { Badge } from '../../components/ui/badge'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { Missing, ReviewSection } from './review-section'

type Photos = NonNullable<ListingDraft['photos']>['photos']

/** Every photo in the order guests see them, each with its alt text (what a screen reader says). */
export function ListingPhotos({ photos, title }: { photos: Photos; title: string }) {
  const count = photos?.length ?? 0
  return (
    <ReviewSection id="fotos" title={`Fotos (${count})`}>
      {!photos || count === 0 ? (
        <Missing />
      ) : (
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, index) => {
            // What guests' screen readers will hear: the host's text, else 'título, foto n de N'.
            const alt = photo.alt ?? `${title}, foto ${index + 1} de ${count}`
            return (
              <li key={photo.id} className="flex flex-col gap-2">
                <div className="relative aspect-[3/2] overflow-hidden rounded-xl bg-stone-100">
                  <ResponsiveImage
                    sources={fullImageSources({ url: uploadedPhotoPaths(photo.id).url })}
                    sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 100vw"
                    alt={alt}
                    className="size-full object-cover"
                  />
                  {index === 0 && (
                    <Badge tone="green" className="absolute top-2 left-2">
                      Portada
                    </Badge>
                  )}
                </div>
                <p className="text-sm text-stone-700">
                  <span className="font-medium text-stone-900">Foto {index + 1}. </span>
                  {photo.alt ? (
                    <>Texto alternativo: «{photo.alt}»</>
                  ) : (
                    <span className="text-amber-800">Sin texto alternativo (se usará «{alt}»)</span>
                  )}
                </p>
              </li>
            )
          })}
        </ol>
      )}
    </ReviewSection>
  )
}
