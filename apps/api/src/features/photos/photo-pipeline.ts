import { isLargeEnoughForListing, photoMessages, UPLOADED_PHOTO_FILES } from '@cabanas/domain/photos'
import { DomainError } from '@cabanas/domain/shared'
import type { Sharp } from 'sharp'
import type { PhotoLimits } from '../../config.ts'

/*
 * sharp (a native library) and file-type load on the first photo, not with the app: every process and
 * every API test builds the app, and few of them ever see a photo (measured: 0.5 s and 0.3 s to import).
 */
let sharpModule: Promise<typeof import('sharp')> | undefined
async function loadSharp() {
  if (!sharpModule) sharpModule = import('sharp')
  return (await sharpModule).default
}
let fileTypeModule: Promise<typeof import('file-type')> | undefined
function loadFileType() {
  if (!fileTypeModule) fileTypeModule = import('file-type')
  return fileTypeModule
}

/**
 * A photo as sent → the files the site serves. Pure but for CPU: bytes in, bytes out, nothing stored.
 *
 * 1. The type is sniffed from the bytes (file-type); the file name and the client's content type are never
 *    read. JPEG, PNG, WebP and AVIF are taken. HEIC (an iPhone's default) is refused with its own message:
 *    the sharp build we ship decodes HEIF only with AV1 inside (AVIF), not with HEVC (patents).
 * 2. The header's size is checked before anything is decoded: over `maxInputPixels` is refused (a
 *    decompression bomb, a 20000×20000 PNG of a few KB), and sharp's own `limitInputPixels` guards the
 *    decode again. sharp must read the same format the bytes were sniffed as (no polyglot files).
 * 3. Upright by its EXIF orientation, it must be at least MIN_PHOTO_SIZE (domain).
 * 4. It is decoded once, turned upright, flattened on white, converted to sRGB and shrunk to the smallest
 *    size that still covers 1200×800 (never enlarged), as raw pixels: EXIF, GPS, XMP, IPTC and ICC do not
 *    survive raw pixels. Every served file is cut from those pixels: the four 3:2 WebP widths and the
 *    1200×630 JPEG, each centre-cropped and exactly its declared size (a photo between 800 and 1200 px is
 *    enlarged for the 1200 width, at most 1.5×).
 */

export type PhotoType = 'jpeg' | 'png' | 'webp' | 'avif'

export type ProcessedFile = { name: string; contentType: string; body: Buffer; width: number; height: number }

export type ProcessedPhoto = {
  sourceType: PhotoType
  /** The photo as sent, upright. */
  width: number
  height: number
  files: ProcessedFile[]
}

const ACCEPTED: Record<string, PhotoType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}
const HEIC = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'])
/** What sharp's metadata() calls each accepted type. */
const SHARP_FORMAT: Record<PhotoType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' }

const WEBP = { quality: 80, effort: 4, smartSubsample: true, preset: 'photo' } as const
const JPEG = { quality: 80, mozjpeg: true } as const
/** The size every served file is cut from (the largest WebP). */
const LARGEST = UPLOADED_PHOTO_FILES.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a))

/** The photo's type from its bytes; a 415 in Spanish for anything else. */
export async function sniffPhotoType(bytes: Uint8Array): Promise<PhotoType> {
  const { fileTypeFromBuffer } = await loadFileType()
  const sniffed = await fileTypeFromBuffer(bytes)
  const type = sniffed && ACCEPTED[sniffed.mime]
  if (type) return type
  if (sniffed && HEIC.has(sniffed.mime)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', photoMessages.heic)
  throw new DomainError('UNSUPPORTED_MEDIA_TYPE', photoMessages.unsupportedType)
}

export async function processPhoto(
  bytes: Buffer,
  limits: Pick<PhotoLimits, 'maxInputPixels'>,
): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw new DomainError('VALIDATION_ERROR', photoMessages.damaged)
  const sourceType = await sniffPhotoType(bytes)
  const sharp = await loadSharp()
  const open = () => sharp(bytes, { limitInputPixels: limits.maxInputPixels, failOn: 'warning' })

  const refuse = (error: Error): never => {
    if (/pixel limit/i.test(error.message)) {
      throw new DomainError('PAYLOAD_TOO_LARGE', photoMessages.tooManyPixels(limits.maxInputPixels))
    }
    throw new DomainError('VALIDATION_ERROR', photoMessages.damaged)
  }

  const metadata = await open().metadata().catch(refuse)
  if (metadata.format !== SHARP_FORMAT[sourceType]) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', photoMessages.unsupportedType)
  }
  if (metadata.width * metadata.height > limits.maxInputPixels) {
    throw new DomainError('PAYLOAD_TOO_LARGE', photoMessages.tooManyPixels(limits.maxInputPixels))
  }
  const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height }
  if (!isLargeEnoughForListing(upright)) {
    throw new DomainError('VALIDATION_ERROR', photoMessages.tooSmall(upright))
  }

  const { data, info } = await open()
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(LARGEST.width, LARGEST.height, { fit: 'outside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch(refuse)
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })

  const files = await Promise.all(
    UPLOADED_PHOTO_FILES.map(async ({ name, width, height, format }) => {
      const cut: Sharp = pixels().resize(width, height, { fit: 'cover', position: 'centre' })
      const body = await (format === 'webp' ? cut.webp(WEBP) : cut.jpeg(JPEG)).toBuffer()
      return { name, contentType: format === 'webp' ? 'image/webp' : 'image/jpeg', body, width, height }
    }),
  )
  return { sourceType, width: upright.width, height: upright.height, files }
}
