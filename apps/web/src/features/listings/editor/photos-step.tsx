import {
  LISTING_LIMITS,
  type ListingDraft,
  makeCover,
  movePhoto,
  PhotosStepDraftSchema,
} from '@cabanas/domain/listings'
import { ImagePlus, Star } from 'lucide-react'
import { type PointerEvent as ReactPointerEvent, useEffect, useId, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { cx } from '../../../lib/cx'
import { type EditorPhoto, PhotoCard, photoThumbnail } from './photo-card'
import { PhotoUploadItem } from './photo-upload-item'
import { issueAt, type ListingStepProps } from './step-props'
import { usePhotoUploads } from './use-photo-uploads'

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp'
const { min: MIN_PHOTOS, max: MAX_PHOTOS } = LISTING_LIMITS.photos

export type PhotosStepValue = NonNullable<ListingDraft['photos']>

export type PhotosStepProps = ListingStepProps<'photos'> & {
  /** The signed-in host's session token: the upload sends it as `Authorization: Bearer …`. */
  token: string
}

/** The step's value as the draft schema wants it: ids in order, an alt only when one was written. */
export function photosStepValue(photos: readonly EditorPhoto[]): PhotosStepValue {
  return {
    photos: photos.map(({ id, alt }) => (alt.trim() === '' ? { id } : { id, alt: alt.trim() })),
  }
}

function toEditorPhotos(value: PhotosStepValue | undefined): EditorPhoto[] {
  return (value?.photos ?? []).map(({ id, alt }) => ({ id, alt: alt ?? '' }))
}

/** 'Sube al menos 5 fotos (llevas 3)', or how many there are and the maximum. */
export function photoCountText(count: number): string {
  if (count < MIN_PHOTOS) return `Sube al menos ${MIN_PHOTOS} fotos (llevas ${count})`
  if (count >= MAX_PHOTOS) return `Llegaste al máximo de ${MAX_PHOTOS} fotos`
  return `Llevas ${count} fotos (máximo ${MAX_PHOTOS})`
}

/**
 * The photos step: add several photos at once (camera or gallery), each shrunk in the browser and
 * uploaded with its own progress bar; then order them (the first is the cover), describe and delete them.
 * Every change sends the whole step (`{ photos: [{ id, alt? }] }`) to `onChange`.
 */
export function PhotosStep({ value, issues, onChange, readOnly, token }: PhotosStepProps) {
  const [photos, setPhotos] = useState<EditorPhoto[]>(() => toEditorPhotos(value))
  const [announcement, setAnnouncement] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null)
  const [draggingId, setDraggingId] = useState<string | null>(null)
  // The latest photos, for changes that finish after other changes (two uploads, a drag).
  const photosRef = useRef(photos)
  const focusAfterRender = useRef<{ id: string; actions: string[] } | null>(null)
  const addInputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLOListElement>(null)
  const countId = useId()

  const commit = (next: EditorPhoto[]) => {
    photosRef.current = next
    setPhotos(next)
    onChange(photosStepValue(next))
  }

  const { uploads, addFiles, cancel, retry } = usePhotoUploads({
    token,
    photoCount: () => photosRef.current.length,
    onUploaded: (photoId) => {
      const next = [...photosRef.current, { id: photoId, alt: '' }]
      commit(next)
      setAnnouncement(`Foto subida. Llevas ${next.length} fotos.`)
    },
    onNotice: setNotice,
  })

  // Focus follows a moved photo's button to the photo's new place.
  useEffect(() => {
    const target = focusAfterRender.current
    if (!target) return
    focusAfterRender.current = null
    const card = Array.from(listRef.current?.children ?? []).find(
      (element) => element instanceof HTMLElement && element.dataset.photoId === target.id,
    )
    for (const action of target.actions) {
      const button = card?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)
      if (button && !button.disabled) {
        button.focus()
        return
      }
    }
  })

  const move = (id: string, by: -1 | 1) => {
    const next = movePhoto(photosRef.current, id, by)
    const position = next.findIndex((photo) => photo.id === id) + 1
    commit(next)
    focusAfterRender.current = {
      id,
      actions: by === -1 ? ['move-before', 'move-after'] : ['move-after', 'move-before'],
    }
    setAnnouncement(
      position === 1
        ? `Foto movida a la posición 1 de ${next.length}: ahora es la portada.`
        : `Foto movida a la posición ${position} de ${next.length}.`,
    )
  }

  const chooseCover = (id: string) => {
    commit(makeCover(photosRef.current, id))
    focusAfterRender.current = { id, actions: ['move-after', 'delete'] }
    setAnnouncement('Foto movida a la posición 1: ahora es la portada.')
  }

  const deletePhoto = (id: string) => {
    const next = photosRef.current.filter((photo) => photo.id !== id)
    commit(next)
    setConfirmingDelete(null)
    setAnnouncement(`Foto eliminada. Quedan ${next.length} fotos.`)
    addInputRef.current?.focus()
  }

  const setAlt = (id: string, alt: string) =>
    commit(photosRef.current.map((photo) => (photo.id === id ? { ...photo, alt } : photo)))

  // Drag to reorder, by mouse or touch: the photo follows the pointer over the other cards.
  const startDrag = (id: string, event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    const handle = event.currentTarget
    handle.setPointerCapture?.(event.pointerId)
    const before = photosRef.current
    setDraggingId(id)
    const onMove = (moveEvent: PointerEvent) => {
      const over = document
        .elementFromPoint?.(moveEvent.clientX, moveEvent.clientY)
        ?.closest<HTMLElement>('[data-photo-index]')
      if (!over || !listRef.current?.contains(over)) return
      const to = Number(over.dataset.photoIndex)
      const current = photosRef.current
      const from = current.findIndex((photo) => photo.id === id)
      if (from < 0 || to === from || !Number.isInteger(to)) return
      const next = [...current]
      const [dragged] = next.splice(from, 1)
      if (!dragged) return
      next.splice(to, 0, dragged)
      photosRef.current = next
      setPhotos(next)
    }
    const onEnd = () => {
      handle.removeEventListener('pointermove', onMove)
      handle.removeEventListener('pointerup', onEnd)
      handle.removeEventListener('pointercancel', onEnd)
      setDraggingId(null)
      const after = photosRef.current
      if (after === before) return
      commit(after)
      const position = after.findIndex((photo) => photo.id === id) + 1
      setAnnouncement(`Foto movida a la posición ${position} de ${after.length}.`)
    }
    handle.addEventListener('pointermove', onMove)
    handle.addEventListener('pointerup', onEnd)
    handle.addEventListener('pointercancel', onEnd)
  }

  // Refusals of the value as it stands (an alt with control characters), else the last save's.
  const local = PhotosStepDraftSchema.safeParse(photosStepValue(photos))
  const localIssues = local.success ? [] : local.error.issues
  const messageAt = (field: string) =>
    localIssues.find((issue) => issue.path.join('.') === field)?.message ?? issueAt(issues, field)
  const stepError = issueAt(issues, 'photos') ?? issueAt(issues, '')

  if (readOnly) return <PhotosReadOnly photos={photos} />

  const busy = uploads.filter((upload) => upload.status !== 'refused' && upload.status !== 'failed').length
  const isFull = photos.length + busy >= MAX_PHOTOS

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
        <p
          id={countId}
          className={cx(
            'text-base font-semibold',
            photos.length < MIN_PHOTOS ? 'text-amber-800' : 'text-stone-900',
          )}
        >
          {photoCountText(photos.length)}
        </p>
        <p className="text-sm text-stone-600">
          Elige varias a la vez, de la cámara o de tu galería. La primera foto es la portada: es la que ven
          los huéspedes en los resultados. Cada foto debe medir al menos 800 × 533 píxeles.
        </p>
        <label
          className={cx(
            'relative inline-flex h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-full bg-brand-700 px-6 text-base font-semibold text-white shadow-sm hover:bg-brand-800 sm:w-auto sm:self-start',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            isFull && 'pointer-events-none opacity-50',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Agregar fotos
          <input
            ref={addInputRef}
            type="file"
            accept={ACCEPTED_TYPES}
            multiple
            disabled={isFull}
            aria-describedby={countId}
            className="sr-only"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? [])
              event.currentTarget.value = ''
              if (files.length > 0) void addFiles(files)
            }}
          />
        </label>
        {notice && <Alert tone="warning">{notice}</Alert>}
        {stepError && (
          <p role="alert" className="text-sm text-accent-700">
            {stepError}
          </p>
        )}
      </div>

      {uploads.length > 0 && (
        <section aria-label="Fotos subiendo" className="flex flex-col gap-2">
          <ul className="grid gap-2 sm:grid-cols-2">
            {uploads.map((upload) => (
              <PhotoUploadItem
                key={upload.key}
                upload={upload}
                onCancel={() => cancel(upload.key)}
                onRetry={() => retry(upload.key)}
              />
            ))}
          </ul>
        </section>
      )}

      {photos.length > 0 && (
        <section aria-labelledby={`${countId}-list`} className="flex flex-col gap-3">
          <div>
            <h3 id={`${countId}-list`} className="text-base font-semibold text-stone-900">
              Tus fotos
            </h3>
            <p className="text-sm text-stone-600">
              Arrastra una foto o usa «Mover antes» y «Mover después» para cambiar el orden. La descripción
              ayuda a quien usa lector de pantalla; si la dejas vacía, usaremos el título de tu anuncio y el
              número de la foto (por ejemplo, «Cabaña El Pinar, foto 2 de {photos.length}»).
            </p>
          </div>
          <ol ref={listRef} className="grid gap-3 lg:grid-cols-2">
            {photos.map((photo, index) => (
              <PhotoCard
                key={photo.id}
                photo={photo}
                index={index}
                count={photos.length}
                error={messageAt(`photos.${index}.id`)}
                altError={messageAt(`photos.${index}.alt`)}
                isDragging={draggingId === photo.id}
                isConfirmingDelete={confirmingDelete === photo.id}
                onAltChange={(alt) => setAlt(photo.id, alt)}
                onMove={(by) => move(photo.id, by)}
                onMakeCover={() => chooseCover(photo.id)}
                onAskDelete={() => {
                  setConfirmingDelete(photo.id)
                  focusAfterRender.current = { id: photo.id, actions: ['cancel-delete'] }
                }}
                onConfirmDelete={() => deletePhoto(photo.id)}
                onCancelDelete={() => {
                  setConfirmingDelete(null)
                  focusAfterRender.current = { id: photo.id, actions: ['delete'] }
                }}
                onDragStart={(event) => startDrag(photo.id, event)}
              />
            ))}
          </ol>
        </section>
      )}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}

/** In review: the photos in order, the cover marked, each with its description. */
function PhotosReadOnly({ photos }: { photos: readonly EditorPhoto[] }) {
  if (photos.length === 0) return <p className="text-sm text-stone-600">Aún no hay fotos.</p>
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-600">{photoCountText(photos.length)}</p>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <figure className="flex flex-col gap-1.5">
              <div className="relative">
                <img
                  src={photoThumbnail(photo.id)}
                  alt={photo.alt || `Foto ${index + 1} de ${photos.length}`}
                  width={640}
                  height={427}
                  loading="lazy"
                  className="aspect-[3/2] w-full rounded-xl bg-stone-100 object-cover"
                />
                {index === 0 && (
                  <Badge tone="green" icon={<Star />} className="absolute top-2 left-2">
                    Portada
                  </Badge>
                )}
              </div>
              <figcaption className="text-xs text-stone-600">
                {photo.alt || 'Sin descripción: se usará el título y el número de la foto'}
              </figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </div>
  )
}
