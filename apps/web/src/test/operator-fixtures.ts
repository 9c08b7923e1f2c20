import type { OperatorHost } from '@cabanas/domain/hosts'
import {
  LISTING_STEP_TITLES,
  LISTING_STEPS,
  type ListingStatus,
  type OperatorListingResponse,
  type OperatorListingSummary,
} from '@cabanas/domain/listings'
import type { OperatorPayout } from '@cabanas/domain/payouts'

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

/** A line of the operator's queue. */
export function buildListingSummary(overrides: Partial<OperatorListingSummary> = {}): OperatorListingSummary {
  return {
    id: '6b1f0c9e-0000-4000-8000-000000000001',
    status: 'submitted',
    title: 'Cabaña El Pinar con chimenea',
    coverUrl: '/media/photos/0a6c3d2e-1111-4222-8333-444455556666/1-card.webp',
    place: 'Mazamitla, Jalisco',
    pendingSteps: [],
    returnReason: null,
    cabinId: null,
    updatedAt: hoursAgo(3),
    submittedAt: hoursAgo(3),
    host: { displayName: 'Cabañas Doña Lupe' },
    ...overrides,
  }
}

export const PHOTO_IDS = [1, 2, 3, 4, 5].map((n) => `0a6c3d2e-1111-4222-8333-44445555000${n}`)

/** A whole listing, complete: a cabin in Mazamitla, Jalisco, as the operator reads it. */
export function buildOperatorListing(
  overrides: { id?: string; status?: ListingStatus; cabinId?: string | null } = {},
): OperatorListingResponse {
  return {
    listing: {
      id: overrides.id ?? '6b1f0c9e-0000-4000-8000-000000000001',
      status: overrides.status ?? 'submitted',
      version: 7,
      draft: {
        type: { accommodationType: 'Cabaña' },
        location: {
          stateCode: '14',
          municipalityCode: '14059',
          pin: { latitude: 19.915, longitude: -103.02 },
          address: {
            street: 'Camino a la Sierra del Tigre 12',
            postalCode: '49500',
            directions: 'Pasando la presa, portón verde.',
          },
        },
        capacity: {
          minGuests: 1,
          maxGuests: 6,
          bedrooms: 2,
          beds: 3,
          bathrooms: 2,
          bathroomPrivacy: 'private',
        },
        amenities: { generalFeatures: { wifi: true, heating: false }, livingRoom: { fireplace: true } },
        photos: {
          photos: PHOTO_IDS.map((id, index) =>
            index === 4 ? { id } : { id, alt: `Vista ${index + 1} de la cabaña entre pinos` },
          ),
        },
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
        rules: {
          minNights: 2,
          petsAllowed: true,
          smokingAllowed: false,
          eventsAllowed: false,
          restrictions: ['Cerrada por mantenimiento hasta marzo'],
        },
        cancellation: { policy: 'moderate' },
      },
      steps: LISTING_STEPS.map((step) => ({
        step,
        title: LISTING_STEP_TITLES[step],
        status: 'complete' as const,
        issues: [],
      })),
      readyToSubmit: true,
      returnReason: null,
      cabinId: overrides.cabinId ?? null,
      createdAt: hoursAgo(30),
      updatedAt: hoursAgo(3),
      submittedAt: hoursAgo(3),
      publishedAt: null,
      host: { displayName: 'Cabañas Doña Lupe' },
    },
  }
}

export function buildOperatorHost(overrides: Partial<OperatorHost> = {}): OperatorHost {
  return {
    clientId: 'c0a8e2f4-5b6d-4e1f-9a7b-00000000aaaa',
    email: 'lupe@ejemplo.mx',
    displayName: 'Cabañas Doña Lupe',
    phone: '+523398765432',
    clabeLast4: '4455',
    bankName: 'Banorte',
    createdAt: '2026-06-01T12:00:00.000Z',
    updatedAt: '2026-06-01T12:00:00.000Z',
    ...overrides,
  }
}

/** A host owed October 2026's payout (three stays, $7,250), as the operator's list gives it. */
export function buildOperatorPayout(overrides: Partial<OperatorPayout> = {}): OperatorPayout {
  return {
    hostId: 'c0a8e2f4-5b6d-4e1f-9a7b-00000000bbbb',
    displayName: 'Glamping Bravo',
    bankName: 'BBVA México',
    clabeLast4: '0071',
    month: '2026-10',
    status: 'owed',
    stays: 3,
    amount: 7_250_00,
    payout: null,
    ...overrides,
  }
}
