export * from './auth.ts'
export * from './password-change.ts'
