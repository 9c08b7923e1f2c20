import { isLargeEnoughForListing, photoMessages } from '@cabanas/domain/photos'

/** The long side a photo is shrunk to before upload: the server keeps at most 1,200 px of it. */
export const MAX_UPLOAD_SIDE = 2400
const JPEG_QUALITY = 0.85

export const photoShrinkMessages = {
  unreadable:
    'No pudimos abrir esta foto. Elige una foto JPEG, PNG o WebP (en el iPhone: Ajustes › Cámara › Formatos › Más compatible).',
} as const

export type ShrunkPhoto = { blob: Blob; width: number; height: number }

/** A photo the server would refuse, said in Spanish before anything is sent. */
export class PhotoRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PhotoRefusedError'
  }
}

/** The size a photo of `width` × `height` is drawn at: at most MAX_UPLOAD_SIDE on the long side. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_UPLOAD_SIDE / Math.max(width, height))
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

/**
 * Decodes the photo upright (its EXIF orientation applied), refuses it when it is smaller than a listing
 * takes (MIN_PHOTO_SIZE, the server's rule), and re-encodes it as a JPEG of at most 2,400 px: a 5 MB
 * phone photo becomes ~1 MB, and HEIC that the browser can read becomes JPEG. Throws PhotoRefusedError.
 */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    throw new PhotoRefusedError(photoShrinkMessages.unreadable)
  }
  try {
    const upright = { width: bitmap.width, height: bitmap.height }
    if (!isLargeEnoughForListing(upright)) throw new PhotoRefusedError(photoMessages.tooSmall(upright))
    const size = shrunkSize(upright.width, upright.height)
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) throw new PhotoRefusedError(photoShrinkMessages.unreadable)
    // A transparent PNG becomes JPEG on white, as the server flattens it.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, size.width, size.height)
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, size.width, size.height)
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    )
    if (!blob) throw new PhotoRefusedError(photoShrinkMessages.unreadable)
    return { blob, ...size }
  } finally {
    bitmap.close()
  }
}
