import { LISTING_LIMITS } from '@cabanas/domain/listings'
import { useEffect, useRef, useState } from 'react'
import { PhotoRefusedError, shrinkPhoto } from './photo-shrink'
import { isAbortError, PhotoUploadError, photoUploadMessages, uploadPhoto } from './photo-upload'
import type { PhotoUploadEntry } from './photo-upload-item'

/** Uploads running at once: two keep a phone's connection busy without starving either. */
export const PARALLEL_UPLOADS = 2

const { max: MAX_PHOTOS } = LISTING_LIMITS.photos

let uploadCounter = 0

type PhotoUploadsOptions = {
  /** The signed-in host's session token: the upload sends it as `Authorization: Bearer …`. */
  token: string
  /** How many photos the step holds now (the room left for new ones is counted from it). */
  photoCount: () => number
  /** A photo was stored: the step adds it. */
  onUploaded: (photoId: string) => void
  /** What the host is told about the files taken (more than fit), or null to clear it. */
  onNotice: (notice: string | null) => void
}

/**
 * The photos step's uploads: the files the host picked, each shrunk in the browser (one at a time),
 * then uploaded `PARALLEL_UPLOADS` at once with its own progress; a stored photo goes to `onUploaded`.
 * An upload can be cancelled or, once failed, tried again; those still running when the step closes
 * are cancelled.
 */
export function usePhotoUploads({ token, photoCount, onUploaded, onNotice }: PhotoUploadsOptions) {
  const [uploads, setUploads] = useState<PhotoUploadEntry[]>([])
  const controllers = useRef(new Map<string, AbortController>())
  // The uploads not cancelled, stored nor refused, with the preview each holds: a photo cancelled while
  // it was being shrunk makes no preview, and the step's close frees those left. Its size is the room
  // they take, up to date even between a pick and the next render.
  const live = useRef(new Map<string, string | undefined>())

  const updateUpload = (key: string, patch: Partial<PhotoUploadEntry>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)))

  const removeUpload = (key: string) => {
    controllers.current.get(key)?.abort()
    controllers.current.delete(key)
    const previewUrl = live.current.get(key)
    if (previewUrl) URL.revokeObjectURL(previewUrl)
    live.current.delete(key)
    setUploads((all) => all.filter((upload) => upload.key !== key))
  }

  // Starts queued uploads while fewer than PARALLEL_UPLOADS run: the network is the outside system here.
  useEffect(() => {
    const running = uploads.filter((upload) => upload.status === 'uploading').length
    const next = uploads
      .filter((upload) => upload.status === 'queued' && !controllers.current.has(upload.key))
      .slice(0, Math.max(0, PARALLEL_UPLOADS - running))
    for (const upload of next) startUpload(upload)
  })

  // Uploads still running when the step closes are cancelled, and their previews freed.
  useEffect(() => {
    const running = controllers.current
    const held = live.current
    return () => {
      for (const controller of running.values()) controller.abort()
      for (const previewUrl of held.values()) if (previewUrl) URL.revokeObjectURL(previewUrl)
      held.clear()
    }
  }, [])

  function startUpload(upload: PhotoUploadEntry) {
    if (!upload.blob) return
    const controller = new AbortController()
    controllers.current.set(upload.key, controller)
    updateUpload(upload.key, { status: 'uploading', progress: 0, error: undefined })
    uploadPhoto({
      photo: upload.blob,
      fileName: jpegName(upload.name),
      token,
      signal: controller.signal,
      onProgress: (sent, total) => updateUpload(upload.key, { progress: total > 0 ? sent / total : 0 }),
    }).then(
      (stored) => {
        controllers.current.delete(upload.key)
        removeUpload(upload.key)
        onUploaded(stored.id)
      },
      (error: unknown) => {
        controllers.current.delete(upload.key)
        if (isAbortError(error)) return
        const message = error instanceof PhotoUploadError ? error.message : photoUploadMessages.server
        updateUpload(upload.key, { status: 'failed', error: message })
      },
    )
  }

  async function addFiles(files: File[]) {
    onNotice(null)
    const room = MAX_PHOTOS - photoCount() - live.current.size
    const taken = files.slice(0, Math.max(0, room))
    if (taken.length < files.length) {
      onNotice(
        `Puedes tener como máximo ${MAX_PHOTOS} fotos: ${
          taken.length === 0 ? 'no se agregó ninguna' : `se agregaron solo ${taken.length}`
        }.`,
      )
    }
    const entries = taken.map((file) => ({
      file,
      entry: {
        key: `upload-${++uploadCounter}`,
        name: file.name || 'foto.jpg',
        status: 'preparing',
        progress: 0,
      } satisfies PhotoUploadEntry,
    }))
    for (const { entry } of entries) live.current.set(entry.key, undefined)
    setUploads((all) => [...all, ...entries.map(({ entry }) => entry)])
    // One at a time: decoding several 12-MP photos at once can exhaust a phone's memory.
    for (const { file, entry } of entries) {
      if (!live.current.has(entry.key)) continue
      try {
        const shrunk = await shrinkPhoto(file)
        // Cancelled while it was being shrunk, or the step closed.
        if (!live.current.has(entry.key)) continue
        const previewUrl =
          typeof URL.createObjectURL === 'function' ? URL.createObjectURL(shrunk.blob) : undefined
        live.current.set(entry.key, previewUrl)
        updateUpload(entry.key, { status: 'queued', blob: shrunk.blob, previewUrl })
      } catch (error) {
        const message = error instanceof PhotoRefusedError ? error.message : photoUploadMessages.server
        live.current.delete(entry.key)
        updateUpload(entry.key, { status: 'refused', error: message })
      }
    }
  }

  return {
    uploads,
    addFiles,
    cancel: removeUpload,
    retry: (key: string) => updateUpload(key, { status: 'queued', progress: 0, error: undefined }),
  }
}

/** The shrunk photo is a JPEG whatever it was: 'IMG_1234.HEIC' → 'IMG_1234.jpg'. */
function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '')
  return `${base || 'foto'}.jpg`
}
