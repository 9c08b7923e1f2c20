/* Test data of the listing tests (not exported by the package). */

/** A complete listing: a cabin in Mazamitla, Jalisco. Tests override only what they need. */
export function completeListing() {
  return {
    type: { accommodationType: 'Cabaña' },
    location: {
      stateCode: '14',
      municipalityCode: '14059',
      pin: { latitude: 19.915, longitude: -103.02 },
      address: { street: 'Camino a la Sierra del Tigre 12', postalCode: '49500' },
    },
    capacity: { minGuests: 1, maxGuests: 6, bedrooms: 2, beds: 3, bathrooms: 2, bathroomPrivacy: 'private' },
    amenities: { generalFeatures: { wifi: true, heating: false }, livingRoom: { fireplace: true } },
    photos: { photos: ['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => ({ id, alt: `Foto ${id}` })) },
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
    cancellation: { policy: 'free' },
  }
}
