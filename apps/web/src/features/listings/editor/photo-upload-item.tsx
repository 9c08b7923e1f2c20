import { ImageIcon, RotateCcw, X } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { cx } from '../../../lib/cx'

export type UploadStatus = 'preparing' | 'queued' | 'uploading' | 'failed' | 'refused'

/** A photo on its way: being shrunk, waiting, uploading, or stopped with a Spanish message. */
export type PhotoUploadEntry = {
  key: string
  name: string
  status: UploadStatus
  /** 0 to 1 while uploading. */
  progress: number
  error?: string | undefined
  /** The shrunk JPEG, kept for a retry. */
  blob?: Blob | undefined
  /** A local address of the shrunk photo, for its thumbnail. */
  previewUrl?: string | undefined
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  preparing: 'Preparando…',
  queued: 'En espera…',
  uploading: 'Subiendo…',
  failed: 'No se subió',
  refused: 'No se puede usar',
}

type PhotoUploadItemProps = {
  upload: PhotoUploadEntry
  onCancel: () => void
  onRetry: () => void
}

/** One upload's line: thumbnail, name, a progress bar, the refusal and its buttons. */
export function PhotoUploadItem({ upload, onCancel, onRetry }: PhotoUploadItemProps) {
  const percent = Math.round(upload.progress * 100)
  const stopped = upload.status === 'failed' || upload.status === 'refused'
  return (
    <li
      className={cx(
        'flex flex-col gap-2 rounded-2xl border bg-white p-3',
        stopped ? 'border-red-200 bg-red-50/50' : 'border-stone-200',
      )}
    >
      <div className="flex items-center gap-3">
        {upload.previewUrl ? (
          <img
            src={upload.previewUrl}
            alt=""
            className="aspect-[3/2] w-16 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex aspect-[3/2] w-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400"
          >
            <ImageIcon className="size-5" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-stone-900">{upload.name}</p>
          <p className="text-sm text-stone-600">
            {STATUS_TEXT[upload.status]}
            {upload.status === 'uploading' && ` ${percent}\u00a0%`}
          </p>
        </div>
      </div>
      {(upload.status === 'uploading' || upload.status === 'queued') && (
        <div
          role="progressbar"
          aria-label={`Subiendo ${upload.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {upload.error && (
        <p role="alert" className="text-sm text-red-800">
          {upload.error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {upload.status === 'failed' && upload.blob && (
          <Button size="md" variant="outline" aria-label={`Reintentar ${upload.name}`} onClick={onRetry}>
            <RotateCcw /> Reintentar
          </Button>
        )}
        <Button
          size="md"
          variant="ghost"
          aria-label={`${stopped ? 'Quitar' : 'Cancelar'} ${upload.name}`}
          onClick={onCancel}
        >
          <X /> {stopped ? 'Quitar' : 'Cancelar'}
        </Button>
      </div>
    </li>
  )
}
