export * from './auth.ts'
export * from './email-verification.ts'
export * from './my-booking-requests.ts'
export * from './password-change.ts'
