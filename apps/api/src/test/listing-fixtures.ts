/*
 * A complete listing as a host fills it in (issue 21), and the uploads its photos step refers to, for
 * the API tests and the benches (tools/bench/fuzz, tools/bench/scale), which run outside Vitest: so this file
 * imports nothing of Vitest.
 */
import { randomUUID } from 'node:crypto'
import type { ListingStep } from '@cabanas/domain/listings'
import type { PhotoStorage } from '../features/photos/photo-storage.ts'
import type { PhotoUploadRecord } from '../features/photos/photos.service.ts'

/** A complete listing in Mazamitla, Jalisco (at `population` when given), with these photos. */
export function completeListing(photoIds: string[], { locality }: { locality?: string } = {}) {
  return {
    type: { accommodationType: 'Cabaña' },
    location: {
      stateCode: '14',
      municipalityCode: '14059',
      ...(locality ? { locality } : {}),
      pin: { latitude: 19.915, longitude: -103.02 },
      address: { street: 'Camino a la Sierra del Tigre 12', postalCode: '49500' },
    },
    capacity: { minGuests: 1, maxGuests: 6, bedrooms: 2, beds: 3, bathrooms: 2, bathroomPrivacy: 'private' },
    amenities: { generalFeatures: { wifi: true, heating: false }, livingRoom: { fireplace: true } },
    photos: { photos: photoIds.map((id, n) => ({ id, alt: `Vista ${n + 1} de la cabaña` })) },
    description: {
      title: 'Cabaña El Pinar con chimenea',
      description:
        'Cabaña de madera entre pinos, a diez minutos del centro de Mazamitla.\nChimenea, terraza y asador para noches frías.',
    },
    prices: {
      weekdayRate: 1_800_00,
      weekendRate: 2_400_00,
      seasons: [{ name: 'Navidad', startsOn: '2026-12-20', endsOn: '2027-01-03', nightlyRate: 3_000_00 }],
    },
    rules: { minNights: 2, petsAllowed: true, smokingAllowed: false, eventsAllowed: false },
    cancellation: { policy: 'moderate' },
  } satisfies Record<ListingStep, unknown>
}

/**
 * Uploads of `ownerId` as the photo route leaves them: the record that ties each one to its uploader
 * (the served files are not needed by the listing routes, which only check the record).
 */
export async function plantPhotos(storage: PhotoStorage, ownerId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const id = randomUUID()
    const record: PhotoUploadRecord = {
      id,
      ownerId,
      width: 1200,
      height: 800,
      sourceType: 'jpeg',
      sourceBytes: 123_456,
      uploadedAt: new Date().toISOString(),
      files: ['1.webp', '1-card.webp', '1-400.webp', '1-800.webp', '1-og.jpg'],
    }
    await storage.put(`photos/${id}/upload.json`, Buffer.from(JSON.stringify(record)), 'application/json')
    ids.push(id)
  }
  return ids
}
