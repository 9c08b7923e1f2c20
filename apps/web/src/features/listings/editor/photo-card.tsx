import { LISTING_LIMITS } from '@cabanas/domain/listings'
import { uploadedPhotoPaths } from '@cabanas/domain/photos'
import { ArrowLeft, ArrowRight, GripVertical, Star, Trash2 } from 'lucide-react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Field, Input } from '../../../components/ui/field'
import { cx } from '../../../lib/cx'

/** A photo as the editor holds it: the alt as typed (the step's value gets it trimmed, or none). */
export type EditorPhoto = { id: string; alt: string }

export type PhotoCardProps = {
  photo: EditorPhoto
  index: number
  count: number
  /** A refusal of this photo (its id) from the schema or the last save. */
  error: string | undefined
  altError: string | undefined
  isDragging: boolean
  isConfirmingDelete: boolean
  onAltChange: (alt: string) => void
  onMove: (by: -1 | 1) => void
  onMakeCover: () => void
  onAskDelete: () => void
  onConfirmDelete: () => void
  onCancelDelete: () => void
  onDragStart: (event: ReactPointerEvent<HTMLElement>) => void
}

/** The card-size file (640 px) of an uploaded photo. */
export function photoThumbnail(id: string): string {
  return uploadedPhotoPaths(id).preview
}

/** One photo of the list: thumbnail, cover, moves, alt text and delete (with confirmation). */
export function PhotoCard({
  photo,
  index,
  count,
  error,
  altError,
  isDragging,
  isConfirmingDelete,
  onAltChange,
  onMove,
  onMakeCover,
  onAskDelete,
  onConfirmDelete,
  onCancelDelete,
  onDragStart,
}: PhotoCardProps) {
  const number = index + 1
  const isCover = index === 0
  const titleId = `photo-${photo.id}-title`
  return (
    <li
      data-photo-id={photo.id}
      data-photo-index={index}
      aria-labelledby={titleId}
      className={cx(
        'flex flex-col gap-3 rounded-2xl border bg-white p-3 shadow-xs transition-shadow',
        isDragging ? 'border-brand-600 shadow-lg ring-4 ring-brand-600/15' : 'border-stone-200',
        error && 'border-accent-600',
      )}
    >
      <div className="flex gap-3">
        <img
          src={photoThumbnail(photo.id)}
          alt=""
          width={640}
          height={427}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="aspect-[3/2] w-32 shrink-0 rounded-xl bg-stone-100 object-cover sm:w-36"
        />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5">
          <p id={titleId} className="text-sm font-semibold text-stone-900">
            Foto {number} de {count}
          </p>
          {isCover && (
            <Badge tone="green" icon={<Star />}>
              Portada
            </Badge>
          )}
          {error && <p className="text-sm text-accent-700">{error}</p>}
        </div>
        <div
          aria-hidden="true"
          title="Arrastra para cambiar el orden"
          onPointerDown={onDragStart}
          className="-m-1 flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-xl text-stone-500 select-none hover:bg-stone-100 active:cursor-grabbing"
        >
          <GripVertical className="size-5" />
        </div>
      </div>

      <Field
        label={`Descripción de la foto ${number}`}
        error={altError}
        hint={`Opcional · hasta ${LISTING_LIMITS.alt.max} caracteres`}
      >
        {(control) => (
          <Input
            {...control}
            value={photo.alt}
            maxLength={LISTING_LIMITS.alt.max}
            placeholder="Ej.: Terraza con vista al lago"
            onChange={(event) => onAltChange(event.currentTarget.value)}
          />
        )}
      </Field>

      {isConfirmingDelete ? (
        <div className="rounded-xl bg-red-50 p-3">
          <p className="text-sm font-medium text-red-900">
            ¿Eliminar esta foto? Tendrás que subirla de nuevo.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="md" className="bg-red-700 hover:bg-red-800" onClick={onConfirmDelete}>
              Sí, eliminar
            </Button>
            <Button size="md" variant="outline" onClick={onCancelDelete} data-action="cancel-delete">
              Cancelar
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2 [&>button]:flex-auto [&>button]:px-3">
          <Button
            variant="outline"
            aria-label={`Mover antes la foto ${number}`}
            data-action="move-before"
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowLeft /> Mover antes
          </Button>
          <Button
            variant="outline"
            aria-label={`Mover después la foto ${number}`}
            data-action="move-after"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            Mover después <ArrowRight />
          </Button>
          {!isCover && (
            <Button
              variant="outline"
              aria-label={`Usar como portada la foto ${number}`}
              data-action="make-cover"
              onClick={onMakeCover}
            >
              <Star /> Usar como portada
            </Button>
          )}
          <Button
            variant="ghost"
            aria-label={`Eliminar la foto ${number}`}
            data-action="delete"
            className="text-red-700 hover:bg-red-50"
            onClick={onAskDelete}
          >
            <Trash2 /> Eliminar
          </Button>
        </div>
      )}
    </li>
  )
}
