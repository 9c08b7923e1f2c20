export * from './booking-request.ts'
export * from './charge.ts'
export * from './checkout.ts'
