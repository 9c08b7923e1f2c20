export * from './early-taps.ts'
export * from './paths.ts'
export type * from './ssr.ts'
export * from './structured-data.ts'
