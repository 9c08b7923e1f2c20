import type { AmenityKey } from '@cabanas/domain/catalog'

/** Amenity bundles shared by many demo cabins; each cabin adds the keys that make it different. */
type AmenitySet = readonly AmenityKey[]

export const ESSENTIALS: AmenitySet = [
  'wifi',
  'hotWater',
  'towels',
  'bedLinens',
  'smokeDetector',
  'firstAidKit',
]

export const WITH_PRIVATE_BATH: AmenitySet = [...ESSENTIALS, 'privateBathroom', 'toiletries']

export const FULL_KITCHEN: AmenitySet = [
  'kitchen',
  'refrigerator',
  'stove',
  'microwave',
  'coffeeMaker',
  'cookware',
  'dishes',
  'diningTable',
]

export const KITCHENETTE: AmenitySet = ['kitchen', 'refrigerator', 'coffeeMaker', 'kettle', 'dishes']

export const COLD_NIGHTS: AmenitySet = ['heating', 'extraBlankets', 'fireExtinguisher']

export const FOREST_LIFE: AmenitySet = ['forestView', 'hiking', 'bonfire', 'firePit', 'outdoorFurniture']

export const TROPICAL: AmenitySet = ['ceilingFan', 'mosquitoNets', 'hammocks', 'waterPurifier']

export const SEASIDE: AmenitySet = ['airConditioning', 'oceanView', 'beachAccess', 'snorkel', 'outdoorShower']

export const LAGOON_LIFE: AmenitySet = ['lagoonView', 'kayak', 'paddleBoard', 'sunsetView']

export const IN_TOWN: AmenitySet = ['streetParking', 'selfCheckIn', 'keypadLock', 'luggageDropoff']

export const FAMILY: AmenitySet = ['familyFriendly', 'crib', 'highChair', 'boardGames', 'playground']
