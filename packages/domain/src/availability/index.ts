export * from './availability.ts'
