export * from './contact-mask.ts'
export * from './message-schemas.ts'
