import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  type PhotoUpload,
  PhotoUploadResponseSchema,
  photoMessages,
  UPLOADED_PHOTOS_PATH,
} from '@cabanas/domain/photos'
import { DomainError, messages, requireValue, z } from '@cabanas/domain/shared'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { PhotoLimits } from '../../config.ts'
import { isUuid } from '../../lib/uuid.ts'
import { errorResponses, refusal } from '../../plugins/error-responses.ts'
import { recordEvents } from '../../plugins/rate-limits.ts'
import { processPhoto } from './photo-pipeline.ts'
import type { PhotoStorage } from './photo-storage.ts'
import { deletePhotoUpload, readPhotoFile, savePhotoUpload } from './photos.service.ts'
import { createProcessingSlots } from './processing-slots.ts'

/** Photos per client, and per address (mobile carriers put many phones behind one), per hour. */
const PHOTOS_PER_CLIENT_PER_HOUR = 100
const PHOTOS_PER_IP_PER_HOUR = 300
/** Photos decoded at once in this process, and waiting for their turn (processing-slots.ts). */
const PROCESSING = { concurrency: 1, maxWaiting: 8 }
/** Seconds a client is asked to wait when every slot is taken. */
const BUSY_RETRY_SECONDS = 10

export type PhotosRoutesOptions = { storage: PhotoStorage; limits: PhotoLimits }

/**
 * POST /api/photos: a signed-in client uploads photos (multipart/form-data, any file field name; other
 * fields are ignored) and gets each one's id and addresses. Every photo is sniffed, checked and processed
 * (photo-pipeline.ts) and stored whole before the next one is read; if any is refused, the ones stored by
 * the same request are removed: a request stores all of its photos or none.
 *
 * GET /media/photos/:id/:file serves the stored files from either storage, under addresses that never
 * change (a new photo gets a new id), so they are cached for a year.
 *
 * Not yet: any client may upload, and an upload belongs to no cabin. The listing editor (issue 21) will
 * restrict this to hosts and attach an upload to a listing by its id, after checking the uploader
 * (`findPhotoUpload(storage, id).ownerId`, photos.service.ts).
 */
export const photosRoutes: FastifyPluginAsyncZod<PhotosRoutesOptions> = async (app, { storage, limits }) => {
  // Only in this plugin: no other route reads multipart bodies.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFilesPerRequest,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: limits.maxFilesPerRequest + 10,
      headerPairs: 20,
    },
  })
  const slots = createProcessingSlots(PROCESSING)

  app.post(
    '/api/photos',
    {
      preHandler: app.requireClient,
      schema: {
        summary: 'Sube fotos de una cabaña (multipart/form-data): las guarda sin EXIF ni GPS, en cada ancho',
        consumes: ['multipart/form-data'],
        response: {
          201: PhotoUploadResponseSchema,
          ...errorResponses([
            refusal('VALIDATION_ERROR', photoMessages.noPhoto),
            refusal('VALIDATION_ERROR', photoMessages.tooSmall({ width: 640, height: 480 })),
            refusal('VALIDATION_ERROR', photoMessages.damaged),
            refusal('PAYLOAD_TOO_LARGE', photoMessages.tooLarge(limits.maxFileBytes)),
            refusal('PAYLOAD_TOO_LARGE', photoMessages.tooManyFiles(limits.maxFilesPerRequest)),
            refusal('PAYLOAD_TOO_LARGE', photoMessages.tooManyPixels(limits.maxInputPixels)),
            refusal('UNSUPPORTED_MEDIA_TYPE', photoMessages.unsupportedType),
            refusal('UNSUPPORTED_MEDIA_TYPE', photoMessages.heic),
            refusal('UNSUPPORTED_MEDIA_TYPE', photoMessages.notMultipart),
            refusal('RATE_LIMITED', photoMessages.tooManyUploads),
            refusal('SERVICE_UNAVAILABLE', photoMessages.busy),
          ]),
        },
      },
    },
    async (request, reply) => {
      const clientId = requireValue(request.clientId, 'the signed-in host')
      const clientKey = `photo-upload:${clientId}`
      const addressKey = `photo-upload-ip:${request.clientAddress}`
      await app.enforceLimits(
        reply,
        [
          { key: clientKey, limit: PHOTOS_PER_CLIENT_PER_HOUR, windowSeconds: 3600 },
          { key: addressKey, limit: PHOTOS_PER_IP_PER_HOUR, windowSeconds: 3600 },
        ],
        photoMessages.tooManyUploads,
      )
      const photos: PhotoUpload[] = []
      try {
        for await (const bytes of uploadedFiles(request, limits)) {
          const started = performance.now()
          const processed = await slots.run(() => processPhoto(bytes, limits))
          if (!processed) {
            reply.header('retry-after', String(BUSY_RETRY_SECONDS))
            throw new DomainError('SERVICE_UNAVAILABLE', photoMessages.busy)
          }
          const id = randomUUID()
          photos.push(
            await savePhotoUpload(storage, processed.value, {
              id,
              ownerId: clientId,
              sourceBytes: bytes.length,
              now: app.clock.now(),
            }),
          )
          // The first photo was counted by enforceLimits; each further one counts too.
          if (photos.length > 1) await recordEvents(app.db, [clientKey, addressKey])
          request.log.info(
            {
              photoId: id,
              sourceType: processed.value.sourceType,
              bytes: bytes.length,
              ms: Math.round(performance.now() - started),
            },
            'photo stored',
          )
        }
        if (photos.length === 0) throw new DomainError('VALIDATION_ERROR', photoMessages.noPhoto)
      } catch (error) {
        const photoIds = photos.map((photo) => photo.id)
        await Promise.all(photoIds.map((id) => deletePhotoUpload(storage, id))).catch((cleanup: Error) =>
          request.log.error({ err: cleanup, photoIds }, 'photo clean-up failed'),
        )
        if (error instanceof DomainError) {
          request.log.info({ code: error.code, removed: photoIds.length }, 'photo upload refused')
        }
        throw error
      }
      return reply.status(201).send({ photos })
    },
  )

  app.get(
    `${UPLOADED_PHOTOS_PATH}/:id/:file`,
    {
      schema: { params: z.object({ id: z.string().max(64), file: z.string().max(64) }) },
    },
    async (request, reply) => {
      const { id, file } = request.params
      const found =
        isUuid(id) && id === id.toLowerCase() ? await readPhotoFile(storage, { id, name: file }) : null
      if (!found) throw new DomainError('NOT_FOUND', photoMessages.notFound)
      return reply
        .type(found.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.body)
    },
  )
}

/**
 * The bytes of each file part of a multipart request, each read whole within the size limit; what
 * @fastify/multipart and busboy refuse becomes a Spanish refusal (never a 500).
 */
async function* uploadedFiles(request: FastifyRequest, limits: PhotoLimits): AsyncGenerator<Buffer> {
  const parts = (() => {
    try {
      return request.parts()[Symbol.asyncIterator]()
    } catch (error) {
      throw multipartRefusal(error, limits)
    }
  })()
  while (true) {
    let bytes: Buffer | null = null
    try {
      const next = await parts.next()
      if (next.done) return
      if (next.value.type === 'file') bytes = await readWithinLimit(next.value.file, limits)
    } catch (error) {
      throw multipartRefusal(error, limits)
    }
    if (bytes) yield bytes
  }
}

/**
 * A file part's bytes, refused as soon as busboy cuts the file at the size limit. (@fastify/multipart's
 * toBuffer() refuses it only once the part has ended: a phone sending 200 MB would send all of it
 * before hearing no; measured by test:abuse). Stopping the file stops parsing the request: the rest
 * of its body is never kept.
 */
async function readWithinLimit(
  file: Readable & { truncated?: boolean },
  limits: PhotoLimits,
): Promise<Buffer> {
  const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', photoMessages.tooLarge(limits.maxFileBytes))
  const cut = new Promise<never>((_, reject) => file.once('limit', () => reject(tooLarge())))
  cut.catch(() => {})
  const chunks: Buffer[] = []
  const reading = file[Symbol.asyncIterator]()
  try {
    for (;;) {
      const next = await Promise.race([reading.next(), cut])
      if (next.done) break
      chunks.push(next.value as Buffer)
    }
  } catch (error) {
    file.destroy()
    throw error
  }
  if (file.truncated) throw tooLarge()
  return Buffer.concat(chunks)
}

function multipartRefusal(error: unknown, limits: PhotoLimits): DomainError {
  if (error instanceof DomainError) return error
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError('PAYLOAD_TOO_LARGE', photoMessages.tooLarge(limits.maxFileBytes))
    case 'FST_FILES_LIMIT':
      return new DomainError('PAYLOAD_TOO_LARGE', photoMessages.tooManyFiles(limits.maxFilesPerRequest))
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new DomainError('PAYLOAD_TOO_LARGE', photoMessages.tooManyParts)
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new DomainError('UNSUPPORTED_MEDIA_TYPE', photoMessages.notMultipart)
    default:
      // A malformed body (no boundary, cut short, a '__proto__' field): the client's fault.
      return new DomainError('BAD_REQUEST', messages.invalidRequest)
  }
}
