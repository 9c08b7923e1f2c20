import { type PhotoUpload, PhotoUploadResponseSchema } from '@cabanas/domain/photos'

/** The upload route (apps/api/src/features/photos/photos.routes.ts): multipart, any file field name. */
export const PHOTO_UPLOAD_PATH = '/api/photos'

/** A 2,400-px JPEG is ~1 MB: at 128 kb/s it takes about a minute. Beyond this the upload is given up. */
const UPLOAD_TIMEOUT_MS = 180_000

export const photoUploadMessages = {
  offline: 'No se pudo subir la foto: revisa tu conexión e inténtalo de nuevo.',
  timeout: 'La subida tardó demasiado. Revisa tu conexión e inténtalo de nuevo.',
  signedOut: 'Tu sesión terminó. Inicia sesión de nuevo para subir fotos.',
  server: 'No se pudo subir la foto. Inténtalo de nuevo en un momento.',
} as const

/** A refused or failed upload, with the Spanish message to show beside the photo. */
export class PhotoUploadError extends Error {
  readonly status: number
  readonly code: string
  constructor({ status, code, message }: { status: number; code: string; message: string }) {
    super(message)
    this.name = 'PhotoUploadError'
    this.status = status
    this.code = code
  }
}

export type UploadPhotoInput = {
  photo: Blob
  fileName: string
  /** The session's token: sent as `Authorization: Bearer …`, as lib/api-client's callers do. */
  token: string
  /** Bytes sent so far out of the total (the request body's, a little more than the photo's). */
  onProgress: (sent: number, total: number) => void
  signal: AbortSignal
}

/**
 * POST one photo to /api/photos with XMLHttpRequest (fetch reports no upload progress). Resolves with the
 * stored photo; rejects with PhotoUploadError (Spanish message), or with an AbortError when `signal` aborts.
 */
export function uploadPhoto({
  photo,
  fileName,
  token,
  onProgress,
  signal,
}: UploadPhotoInput): Promise<PhotoUpload> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('Subida cancelada', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', PHOTO_UPLOAD_PATH)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.timeout = UPLOAD_TIMEOUT_MS
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total)
    }
    const onAbort = () => xhr.abort()
    signal.addEventListener('abort', onAbort, { once: true })
    const settle = () => signal.removeEventListener('abort', onAbort)

    xhr.onload = () => {
      settle()
      const body = readJson(xhr.responseText)
      if (xhr.status === 201 || xhr.status === 200) {
        const parsed = PhotoUploadResponseSchema.safeParse(body)
        const stored = parsed.success ? parsed.data.photos[0] : undefined
        if (stored) resolve(stored)
        else
          reject(
            new PhotoUploadError({
              status: xhr.status,
              code: 'INVALID_RESPONSE',
              message: photoUploadMessages.server,
            }),
          )
        return
      }
      reject(refusal(xhr.status, body))
    }
    xhr.onerror = () => {
      settle()
      reject(new PhotoUploadError({ status: 0, code: 'NETWORK_ERROR', message: photoUploadMessages.offline }))
    }
    xhr.ontimeout = () => {
      settle()
      reject(new PhotoUploadError({ status: 0, code: 'TIMEOUT', message: photoUploadMessages.timeout }))
    }
    xhr.onabort = () => {
      settle()
      reject(new DOMException('Subida cancelada', 'AbortError'))
    }

    const form = new FormData()
    form.append('photo', photo, fileName)
    xhr.send(form)
  })
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function field(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The API's error body `{ success: false, errorType, error, message }`: its Spanish message, else ours. */
function refusal(status: number, body: unknown): PhotoUploadError {
  const code = field(body, 'errorType') ?? field(body, 'code') ?? 'HTTP_ERROR'
  if (status === 401) return new PhotoUploadError({ status, code, message: photoUploadMessages.signedOut })
  // A 5xx never carries detail worth reading (STYLE.md): our own words.
  const message =
    status >= 500 && status !== 503 ? undefined : (field(body, 'message') ?? field(body, 'error'))
  return new PhotoUploadError({ status, code, message: message ?? photoUploadMessages.server })
}
