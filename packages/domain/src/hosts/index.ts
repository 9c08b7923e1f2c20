export * from './clabe.ts'
export * from './host-profile.ts'
export * from './host-today.ts'
