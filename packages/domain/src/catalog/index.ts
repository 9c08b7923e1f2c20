export * from './amenities.ts'
export * from './cabin.ts'
export * from './destinations.ts'
export * from './normalize.ts'
