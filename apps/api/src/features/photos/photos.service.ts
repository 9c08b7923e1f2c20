import { type PhotoUpload, UPLOADED_PHOTO_FILES, uploadedPhotoPaths } from '@cabanas/domain/photos'
import type { PhotoType, ProcessedPhoto } from './photo-pipeline.ts'
import type { PhotoStorage, StoredFile } from './photo-storage.ts'

/**
 * An upload in storage: `photos/{id}/` holds the served files and `upload.json`, the record below. Until
 * listings have a table of photos (a later migration), this record is what ties a photo to the client who
 * uploaded it: the listing editor will check `ownerId` when it attaches `id` to a cabin.
 */
export type PhotoUploadRecord = {
  id: string
  /** The client who uploaded it. */
  ownerId: string
  /** The photo as sent, upright. */
  width: number
  height: number
  sourceType: PhotoType
  sourceBytes: number
  /** ISO instant. */
  uploadedAt: string
  files: string[]
}

const RECORD = 'upload.json'
const SERVED = new Set(UPLOADED_PHOTO_FILES.map((file) => file.name))

const keyOf = (id: string, name: string) => `photos/${id}/${name}`

/**
 * Writes the files, then the record. A failure removes what was written: a photo is stored whole or not at
 * all. (A crash in between can leave files without a record; their id was never answered, so no page links
 * them.)
 */
export async function savePhotoUpload(
  storage: PhotoStorage,
  photo: ProcessedPhoto,
  { id, ownerId, sourceBytes, now }: { id: string; ownerId: string; sourceBytes: number; now: Date },
): Promise<PhotoUpload> {
  const record: PhotoUploadRecord = {
    id,
    ownerId,
    width: photo.width,
    height: photo.height,
    sourceType: photo.sourceType,
    sourceBytes,
    uploadedAt: now.toISOString(),
    files: photo.files.map((file) => file.name),
  }
  try {
    // Every write settles before any clean-up, so none lands after it.
    const writes = await Promise.allSettled(
      photo.files.map((file) => storage.put(keyOf(id, file.name), file.body, file.contentType)),
    )
    const failed = writes.find((write) => write.status === 'rejected')
    if (failed) throw failed.reason
    await storage.put(keyOf(id, RECORD), Buffer.from(JSON.stringify(record)), 'application/json')
  } catch (error) {
    await deletePhotoUpload(storage, id).catch(() => {})
    throw error
  }
  return toPhotoUpload(record)
}

export function toPhotoUpload(record: PhotoUploadRecord): PhotoUpload {
  return { id: record.id, width: record.width, height: record.height, ...uploadedPhotoPaths(record.id) }
}

export async function findPhotoUpload(storage: PhotoStorage, id: string): Promise<PhotoUploadRecord | null> {
  const stored = await storage.get(keyOf(id, RECORD))
  return stored ? (JSON.parse(stored.body.toString('utf8')) as PhotoUploadRecord) : null
}

/** Removes an upload: its record first (it is no longer a whole photo), then every file. */
export async function deletePhotoUpload(storage: PhotoStorage, id: string): Promise<void> {
  await storage.delete(keyOf(id, RECORD))
  await Promise.all(UPLOADED_PHOTO_FILES.map((file) => storage.delete(keyOf(id, file.name))))
}

/** One served file of an upload; null for a name that is not one (the record is never served). */
export async function readPhotoFile(
  storage: PhotoStorage,
  { id, name }: { id: string; name: string },
): Promise<StoredFile | null> {
  return SERVED.has(name) ? storage.get(keyOf(id, name)) : null
}
