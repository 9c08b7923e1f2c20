export * from './paths.ts'
export type * from './ssr.ts'
