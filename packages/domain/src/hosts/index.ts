export * from './clabe.ts'
export * from './host-profile.ts'
