import {
  HOSTED_IMAGE_VARIANTS,
  hostedImageFileName,
  OG_IMAGE_SIZE,
  ogImageFileName,
} from '../catalog/images.ts'
import { requireValue } from '../shared/require-value.ts'
import { z } from '../shared/zod.ts'

/**
 * A photo a host uploads becomes the same files as a demo photo (catalog/images.ts): the four 3:2 WebP widths
 * and the 1200×630 JPEG for link previews, named as photo number 1 of its own folder, so that
 * `/media/photos/{id}/1.webp` and `/media/photos/{id}/1-card.webp` are a `CabinImage`'s `url` and `preview`
 * and every function of catalog/images.ts (srcset, link preview) reads them as it reads the demo photos.
 */
export const UPLOADED_PHOTOS_PATH = '/media/photos'
const PHOTO_NUMBER = 1
const OG_IMAGE_NAME = requireValue(ogImageFileName(PHOTO_NUMBER), 'the link preview of photo 1')

/**
 * The smallest photo a listing takes, upright: the site's 800-px width comes from it without enlarging, and
 * the 1200-px one is enlarged at most 1.5×. A smaller photo would look blurred on a cabin page.
 */
export const MIN_PHOTO_SIZE = { width: 800, height: 533 } as const

export type PhotoFile = { name: string; width: number; height: number; format: 'webp' | 'jpeg' }

/** Every file of an uploaded photo, smallest WebP first, the link preview last. */
export const UPLOADED_PHOTO_FILES: readonly PhotoFile[] = [
  ...HOSTED_IMAGE_VARIANTS.map(({ width, height }) => ({
    name: hostedImageFileName(PHOTO_NUMBER, width),
    width,
    height,
    format: 'webp' as const,
  })),
  { name: OG_IMAGE_NAME, ...OG_IMAGE_SIZE, format: 'jpeg' },
]

export function isLargeEnoughForListing(size: { width: number; height: number }): boolean {
  return size.width >= MIN_PHOTO_SIZE.width && size.height >= MIN_PHOTO_SIZE.height
}

export const PhotoSourceSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
})

/** An uploaded photo, as the upload answers it. */
export const PhotoUploadSchema = z.object({
  /** The upload's id: the listing editor keeps it to attach the photo to a cabin. */
  id: z.uuid(),
  /** The photo as it was uploaded, upright (after its EXIF orientation). */
  width: z.number().int(),
  height: z.number().int(),
  /** `CabinImage.url`: the full 1200×800 photo. */
  url: z.string(),
  /** `CabinImage.preview`: the 640×427 card photo. */
  preview: z.string(),
  /** The 1200×630 JPEG for link previews (Open Graph). */
  shareImage: z.string(),
  /** Every WebP width, smallest first. */
  sources: z.array(PhotoSourceSchema),
})
export type PhotoUpload = z.infer<typeof PhotoUploadSchema>

export const PhotoUploadResponseSchema = z.object({ photos: z.array(PhotoUploadSchema) })
export type PhotoUploadResponse = z.infer<typeof PhotoUploadResponseSchema>

/** The addresses of an uploaded photo's files. */
export function uploadedPhotoPaths(
  id: string,
): Pick<PhotoUpload, 'url' | 'preview' | 'shareImage' | 'sources'> {
  const path = (name: string) => `${UPLOADED_PHOTOS_PATH}/${id}/${name}`
  const webp = UPLOADED_PHOTO_FILES.filter((file) => file.format === 'webp')
  return {
    url: path(hostedImageFileName(PHOTO_NUMBER, 1200)),
    preview: path(hostedImageFileName(PHOTO_NUMBER, 640)),
    shareImage: path(OG_IMAGE_NAME),
    sources: webp.map(({ name, width, height }) => ({ width, height, url: path(name) })),
  }
}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024))

/** What an upload is refused with, beside the photo it is about. */
export const photoMessages = {
  noPhoto: 'Elige al menos una foto.',
  notMultipart: 'Envía las fotos como multipart/form-data.',
  tooLarge: (maxBytes: number) =>
    `Cada foto puede pesar hasta ${megabytes(maxBytes)} MB; elige una más ligera.`,
  tooManyFiles: (maxFiles: number) => `Puedes subir hasta ${maxFiles} fotos a la vez.`,
  tooManyParts: 'La solicitud trae demasiados campos; envía solo las fotos.',
  unsupportedType: 'El archivo no es una foto JPEG, PNG, WebP o AVIF.',
  heic: 'Las fotos HEIC todavía no se pueden procesar: súbela como JPEG (en el iPhone: Ajustes › Cámara › Formatos › Más compatible).',
  damaged: 'La foto está dañada o incompleta; intenta subirla de nuevo.',
  tooManyPixels: (maxPixels: number) =>
    `La foto tiene más de ${Math.floor(maxPixels / 1_000_000)} megapíxeles; reduce su tamaño e inténtalo de nuevo.`,
  tooSmall: (size: { width: number; height: number }) =>
    `La foto mide ${size.width} × ${size.height} píxeles; para tu cabaña debe medir al menos ${MIN_PHOTO_SIZE.width} × ${MIN_PHOTO_SIZE.height}.`,
  tooManyUploads: 'Subiste muchas fotos en poco tiempo. Intenta de nuevo en unos minutos.',
  busy: 'Estamos procesando muchas fotos en este momento. Intenta de nuevo en unos segundos.',
  notFound: 'La foto no fue encontrada',
} as const
