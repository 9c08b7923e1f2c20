import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { must } from './must.ts'

/** Test photos, made with sharp when a test asks for them (nothing binary is committed). */

const RED = { r: 220, g: 20, b: 20 }
const BLUE = { r: 20, g: 20, b: 220 }

/** A plain photo of one colour. */
export function solidPhoto(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 60, g: 120, b: 80 } } })
  return image.toFormat(format).toBuffer()
}

/**
 * A phone photo as a camera writes it: stored 1600×1000 (top half red, bottom half blue) with EXIF
 * orientation 6 (turn 90° clockwise to show it: 1000×1600, blue on the left, red on the right), the camera's
 * make and model, GPS coordinates (Tapalpa, Jalisco) and an XMP packet.
 */
export async function phonePhotoWithGps(): Promise<Buffer> {
  const half = (colour: typeof RED) =>
    sharp({ create: { width: 1600, height: 500, channels: 3, background: colour } })
      .png()
      .toBuffer()
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: BLUE } })
    .composite([{ input: await half(RED), top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Software: 'Cámara' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 56/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '103/1 45/1 20/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Ana Rodríguez"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer()
}

/** Does this EXIF block (as sharp's metadata() returns it) point to a GPS IFD (tag 0x8825 in IFD0)? */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0)
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const ifd0 = u32(4)
  const entries = u16(ifd0)
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true
  return false
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/**
 * A decompression bomb: a complete, valid black-and-white PNG of `side`×`side` pixels (20000: 400
 * megapixels, 1.2 GB once decoded to RGB) in a few tens of KB, since its rows of zeros deflate ~1000:1.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.writeUInt8(1, 8) // bit depth 1
  header.writeUInt8(0, 9) // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side) // filter byte 0 and zero pixels, per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * An iPhone's HEIC as far as any reader can tell: an AVIF whose brand and codec boxes are renamed to
 * HEVC's ('heic', 'hvc1', 'hvcC'). Our sharp build cannot make a real one (it has no HEVC encoder).
 */
export async function heicLookalike(): Promise<Buffer> {
  const avif = await solidPhoto(1200, 800, 'avif')
  const text = avif
    .toString('latin1')
    .replaceAll('avif', 'heic')
    .replaceAll('av01', 'hvc1')
    .replaceAll('av1C', 'hvcC')
  return Buffer.from(text, 'latin1')
}

/** A PDF named .jpg by its sender: only its bytes count. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
)

/** The colour of pixel (x, y) of an image. */
export async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return {
    r: must(data[at], 'data[at]'),
    g: must(data[at + 1], 'data[at + 1]'),
    b: must(data[at + 2], 'data[at + 2]'),
  }
}
